// One operation of the document, as a card: the summary line (method, path, summary) always, and
// its parameters, request body and responses once a person opens it. Those come from the OpenAPI
// document, fetched once when the first card is opened (or about to be: a pointer over it, focus on
// it) and kept for the page's life. Rendered on the server for every operation, they made /docs
// 4.1 MB of HTML and 26,658 elements, nearly all inside closed cards (axe took 30 s over it); now
// the page holds the summaries only.
"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { InlineMarkdown } from "@/components/docs/markdown";
import { MethodBadge } from "@/components/docs/method-badge";
import { stackLabels } from "@/components/ui/table";
import { SchemaView, typeLabel } from "@/components/docs/schema-view";
import type { JsonSchema } from "@/lib/openapi/json-schema";

/** Where an operation stands in the document: under `paths` (a path) or `webhooks` (an event type). */
export type DocOperation = {
  method: string;
  /** What the card shows: the path, or "webhook message: <type>". */
  label: string;
  section: "paths" | "webhooks";
  key: string;
  summary: string;
  operationId: string;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Components = { parameters?: Record<string, Parameter> };
type ApiDocument = Record<"paths" | "webhooks", Record<string, Record<string, JsonSchema>>> & {
  components: Components;
};

const DOCUMENT_URL = "/api/openapi.json";
const documentQuery = {
  queryKey: ["openapi-document"],
  queryFn: async (): Promise<ApiDocument> => {
    const response = await fetch(DOCUMENT_URL);
    if (!response.ok) throw new Error(`${DOCUMENT_URL} answered ${response.status}`);
    return (await response.json()) as ApiDocument;
  },
  staleTime: Infinity,
} as const;

const jsonSchemaOf = (content: unknown): JsonSchema | null =>
  (content as Record<string, { schema?: JsonSchema }> | undefined)?.["application/json"]?.schema ?? null;
const text = (value: unknown): string => (typeof value === "string" ? value : "");

function resolve(param: JsonSchema, components: Components): Parameter {
  const ref = typeof param.$ref === "string" ? param.$ref.split("/").at(-1) : undefined;
  return ref ? (components.parameters?.[ref] as Parameter) : (param as unknown as Parameter);
}

export function OperationCard({ entry }: { entry: DocOperation }) {
  const { method, label, summary, operationId } = entry;
  const queryClient = useQueryClient();
  // Once opened, the details stay rendered: closing and opening again costs nothing.
  const [opened, setOpened] = useState(false);
  const prefetch = () => void queryClient.prefetchQuery(documentQuery);
  return (
    <details
      id={operationId || undefined}
      data-testid="operation"
      className="rounded-lg border border-slate-200 bg-white open:shadow-sm"
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary
        className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3"
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <MethodBadge method={method} />
        <code className="min-w-0 break-all font-mono text-sm text-slate-900" data-testid="operation-path">
          <span className="sr-only">{method.toUpperCase()} </span>
          {label}
        </code>
        <span className="text-sm text-slate-600">{summary}</span>
      </summary>
      {opened ? <OperationBody entry={entry} /> : null}
    </details>
  );
}

function OperationBody({ entry }: { entry: DocOperation }) {
  const document = useQuery(documentQuery);
  if (document.isError)
    return (
      <p role="alert" className="border-t border-slate-100 px-4 py-4 text-sm text-rose-700">
        This operation&apos;s details could not be loaded ({document.error.message}). Reload the page to try again.
      </p>
    );
  if (!document.data)
    return (
      <p role="status" className="border-t border-slate-100 px-4 py-4 text-sm text-slate-500">
        Loading the operation&apos;s details…
      </p>
    );
  const op = document.data[entry.section]?.[entry.key]?.[entry.method];
  if (!op)
    return (
      <p role="alert" className="border-t border-slate-100 px-4 py-4 text-sm text-rose-700">
        This operation is no longer in the API document. Reload the page for the current reference.
      </p>
    );
  return <OperationDetails op={op} components={document.data.components} />;
}

function OperationDetails({ op, components }: { op: JsonSchema; components: Components }) {
  const params = ((op.parameters as JsonSchema[] | undefined) ?? []).map((p) => resolve(p, components));
  const body = jsonSchemaOf((op.requestBody as JsonSchema | undefined)?.content);
  const responses = Object.entries((op.responses as Record<string, JsonSchema>) ?? {});
  const success = responses.filter(([status]) => Number(status) < 400);
  const errors = responses.filter(([status]) => Number(status) >= 400);
  return (
    <div className="space-y-4 border-t border-slate-100 px-4 py-4 text-sm">
      {op.description ? (
        <p className="text-slate-700">
          <InlineMarkdown text={text(op.description)} />
        </p>
      ) : null}
      {params.length ? (
        <section>
          <h3 className="font-semibold text-slate-900">Parameters</h3>
          <table className="ll-stack mt-1 w-full text-left" style={stackLabels(["", "in", "type", ""])}>
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1">name</th>
                <th>in</th>
                <th>type</th>
                <th>notes</th>
              </tr>
            </thead>
            <tbody>
              {params.map((p) => (
                <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100 align-top">
                  <td className="py-1 font-mono">
                    {p.name}
                    {p.required ? <span className="ml-1 text-rose-600">*</span> : null}
                  </td>
                  <td className="text-slate-600">{p.in}</td>
                  <td className="font-mono text-xs text-indigo-700">{p.schema ? typeLabel(p.schema) : ""}</td>
                  <td className="text-xs text-slate-600">{p.description ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {body ? (
        <section>
          <h3 className="font-semibold text-slate-900">
            Request body <span className="font-normal text-slate-500">application/json</span>
          </h3>
          <SchemaView schema={body} />
        </section>
      ) : null}
      <section>
        <h3 className="font-semibold text-slate-900">Responses</h3>
        {success.map(([status, response]) => {
          const schema = jsonSchemaOf(response.content);
          return (
            <div key={status} className="mt-2">
              <p>
                <span className="font-mono font-semibold text-emerald-700">{status}</span>{" "}
                <InlineMarkdown text={text(response.description)} />
              </p>
              {schema ? <SchemaView schema={schema} /> : <p className="text-xs text-slate-500">No body.</p>}
            </div>
          );
        })}
        <ul className="mt-3 space-y-1" aria-label="Errors">
          {errors.map(([status, response]) => (
            <li key={status}>
              <span className="font-mono font-semibold text-rose-700">{status}</span>{" "}
              <span className="text-slate-700">
                <InlineMarkdown text={text(response.description)} />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
