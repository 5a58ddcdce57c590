// One audit event: its sentence (written by the server with the names a person knows) and when, and
// under "Details" the technical fields: how the change came in, the record, its changed fields as
// before → after, and the request that made it.
import { AppLink } from "@/components/ui/app-link";
import { ACTOR_KIND_LABEL, RECORD_LABEL } from "@/components/settings/audit-labels";
import { formatDateTime } from "@/components/ui/format";
import { focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import type { AuditEvent } from "@/lib/client/audit";

/** Records with a page of their own. */
const RECORD_PAGE: Partial<Record<AuditEvent["record"]["type"], (id: string) => string>> = {
  consent: (id) => `/consents/${id}`,
  account: (id) => `/accounts/${id}`,
  counterpart: (id) => `/counterparts/${id}`,
};

export function Who({ actor }: { actor: AuditEvent["actor"] }) {
  const name = actor.kind === "system" ? "Ledgerlink" : (actor.name ?? actor.email ?? "Unknown");
  return (
    <span>
      <span className="font-medium text-slate-900">{name}</span>
      <span className="block text-xs text-slate-500">{ACTOR_KIND_LABEL[actor.kind]}</span>
    </span>
  );
}

export function RecordRef({ record }: { record: AuditEvent["record"] }) {
  const page = RECORD_PAGE[record.type];
  const short = record.id.slice(-8);
  return (
    <span>
      <span className="block text-xs text-slate-500">{RECORD_LABEL[record.type]}</span>
      {page ? (
        <AppLink
          href={page(record.id)}
          className={cx("font-mono text-xs text-indigo-700 underline-offset-2 hover:underline", focusRing)}
          title={record.id}
        >
          …{short}
          <span className="sr-only">
            {" "}
            ({RECORD_LABEL[record.type]} {record.id})
          </span>
        </AppLink>
      ) : (
        <span className="font-mono text-xs" title={record.id}>
          …{short}
        </span>
      )}
    </span>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map(show).join(", ") : "none";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value) ?? "—";
}

/** Each changed field: its old value struck through, then its new one. */
export function Change({ before, after }: Pick<AuditEvent, "before" | "after">) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {fields.map((field) => (
        <div key={field} className="flex flex-wrap gap-x-1.5">
          <dt className="font-medium text-slate-600">{field}:</dt>
          <dd className="break-all">
            {before && (
              <del className="text-red-700">
                <span className="sr-only">was </span>
                {show(before[field])}
              </del>
            )}
            {before && after && <span aria-hidden="true"> → </span>}
            {after && (
              <ins className="text-green-800 no-underline">
                {before && <span className="sr-only">, now </span>}
                {show(after[field])}
              </ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditEventItem({ event: e }: { event: AuditEvent }) {
  return (
    <li className="space-y-1.5 px-5 py-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-slate-900">{e.summary}</p>
        <time dateTime={e.occurredAt} className="shrink-0 text-xs text-slate-600">
          {formatDateTime(e.occurredAt)}
        </time>
      </div>
      <details className="group text-xs">
        <summary className={cx("w-fit cursor-pointer rounded text-slate-600 hover:text-slate-900", focusRing)}>
          Details
        </summary>
        <div className="mt-2 grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-[auto_1fr]">
          <span className="font-medium text-slate-600">Action</span>
          <code className="break-all">{e.action}</code>
          <span className="font-medium text-slate-600">By</span>
          <Who actor={e.actor} />
          <span className="font-medium text-slate-600">Record</span>
          <RecordRef record={e.record} />
          <span className="font-medium text-slate-600">Before → after</span>
          <Change before={e.before} after={e.after} />
          {e.requestId && (
            <>
              <span className="font-medium text-slate-600">Request</span>
              <code className="break-all">{e.requestId}</code>
            </>
          )}
        </div>
      </details>
    </li>
  );
}
