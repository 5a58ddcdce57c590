// The API reference, rendered from the OpenAPI document: operations grouped by tag.
import { InlineMarkdown, Markdown } from "@/components/docs/markdown";
import { OperationCard, type DocOperation } from "@/components/docs/operation-card";
import { QuickStart } from "@/components/docs/quick-start";
import type { OpenApiDocument } from "@/lib/openapi/document";
import type { JsonSchema } from "@/lib/openapi/json-schema";

const ERROR_CODES: [string, string][] = [
  ["400", "bad_request (malformed JSON), scope_missing (no X-Scope)"],
  ["401", "unauthenticated: no, unknown, expired or revoked token"],
  ["403", "forbidden (your role lacks the capability), user_context_required (App tokens on person-only operations)"],
  ["404", "not_found: also a record or scope outside your scopes"],
  ["405", "method_not_allowed, with Allow"],
  ["409", "conflict: state conflicts and Idempotency-Key reuse"],
  ["422", "validation_failed: error.details maps field paths to messages"],
  ["429", "rate_limited, with Retry-After"],
  ["500 / 502 / 503", "server_error, bad_gateway, service_unavailable: transient, retry with backoff"],
];

export function ApiReference({ doc }: { doc: OpenApiDocument }) {
  const byTag = new Map<string, DocOperation[]>();
  // The webhook messages (the document's `webhooks`) go with their tag, shown as what we send.
  const items = [
    ...Object.entries(doc.paths).map(([path, item]) => ({ section: "paths" as const, key: path, label: path, item })),
    ...Object.entries(doc.webhooks).map(([type, item]) => ({
      section: "webhooks" as const,
      key: type,
      label: `webhook message: ${type}`,
      item: item as Record<string, JsonSchema>,
    })),
  ];
  for (const { section, key, label, item } of items) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags as string[] | undefined)?.[0] ?? "Other";
      // Only what the summary line shows: a card fetches its details when opened (operation-card.tsx).
      const entry: DocOperation = {
        method,
        label,
        section,
        key,
        summary: typeof op.summary === "string" ? op.summary : "",
        operationId: typeof op.operationId === "string" ? op.operationId : "",
      };
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
    }
  }
  return (
    // Long paths and JSON samples wrap rather than widen the page on a phone.
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-10 [overflow-wrap:anywhere] sm:px-6">
      <header>
        <p className="text-sm font-medium text-indigo-700">Ledgerlink</p>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">API reference</h1>
        {/* The document's own Markdown, rendered (it reads as a wall of ** and back-ticks otherwise). */}
        <Markdown
          text={doc.info.description}
          className="mt-2 max-w-3xl space-y-3 text-sm text-slate-700 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_strong]:font-semibold [&_strong]:text-slate-900"
        />
        <nav aria-label="Sections" className="mt-4 flex flex-wrap gap-2 text-sm">
          <a href="#quick-start" className="rounded bg-slate-100 px-2 py-1 hover:bg-slate-200">
            Quick start
          </a>
          <a href="#errors" className="rounded bg-slate-100 px-2 py-1 hover:bg-slate-200">
            Errors
          </a>
          {doc.tags.map((t) => (
            <a
              key={t.name}
              href={`#tag-${t.name.toLowerCase().replace(/\W+/g, "-")}`}
              className="rounded bg-slate-100 px-2 py-1 hover:bg-slate-200"
            >
              {t.name}
            </a>
          ))}
        </nav>
      </header>
      <QuickStart />
      <section id="errors" className="rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="text-xl font-semibold text-slate-900">Envelope and errors</h2>
        <p className="mt-2 text-sm text-slate-700">
          Success: <code>{'{"data": …, "meta": {"requestId": "…", "page"?: {"perPage", "nextCursor"}}}'}</code>. Errors:{" "}
          <code>{'{"error": {"code", "message", "details?"}, "meta": {"requestId"}}'}</code>. Branch on{" "}
          <code>error.code</code>.
        </p>
        <ul className="mt-3 space-y-1 text-sm">
          {ERROR_CODES.map(([status, text]) => (
            <li key={status}>
              <span className="font-mono font-semibold">{status}</span> {text}
            </li>
          ))}
        </ul>
      </section>
      {doc.tags.map((tag) => (
        <section key={tag.name} id={`tag-${tag.name.toLowerCase().replace(/\W+/g, "-")}`} aria-label={tag.name}>
          <h2 className="text-xl font-semibold text-slate-900">{tag.name}</h2>
          <p className="text-sm text-slate-600">
            <InlineMarkdown text={tag.description} />
          </p>
          <div className="mt-3 space-y-2">
            {(byTag.get(tag.name) ?? []).map((entry) => (
              <OperationCard key={`${entry.method} ${entry.label}`} entry={entry} />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
