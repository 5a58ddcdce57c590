// One audit event's parts, shared by the table (wide screens) and the list (phones): who made the
// change, the record it touched, and its changed fields as before → after.
import Link from "next/link";
import { ACTOR_KIND_LABEL, RECORD_LABEL } from "@/components/settings/audit-labels";
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
        <Link
          href={page(record.id)}
          className={cx("font-mono text-xs text-indigo-700 underline-offset-2 hover:underline", focusRing)}
          title={record.id}
        >
          …{short}
          <span className="sr-only">
            {" "}
            ({RECORD_LABEL[record.type]} {record.id})
          </span>
        </Link>
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
