// Writing one audit row, inside the caller's transaction: `recordAudit(tx, scopeId, actor, event)`.
// The row commits or rolls back with the change it describes, so the trail never shows a change
// that did not happen, nor misses one that did.
//
// before/after keep only the fields that changed (a creation keeps all of `after`, a deletion all of
// `before`); a change that changed nothing writes no row. Both pass through the log's redaction
// (lib/log.ts): values under secret-looking keys (token, secret, password, iban, …) and
// secret-shaped strings (our token prefixes, IBANs) never reach the table. Verbs pass the record's
// plain fields, never a token's hash or secret.
import "server-only";
import { rows, type SqlDb } from "@/lib/db/sql";
import { redact } from "@/lib/log";
import type { AuditAction, AuditRecordType } from "@/lib/audit/actions";
import { actorTokenId, actorUserId, type AuditActor } from "@/lib/audit/actor";

export type AuditFields = Record<string, unknown>;

export type AuditEvent = {
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string;
  /** The record's fields before the change; null or absent for a creation. */
  before?: AuditFields | null;
  /** The record's fields after the change; null or absent for a deletion. */
  after?: AuditFields | null;
};

/** Dates, decimals and nested values as JSON would store them, so equal values compare equal. */
const plain = (fields: AuditFields): AuditFields => JSON.parse(JSON.stringify(fields)) as AuditFields;

/** The fields whose values differ, on each side; absent keys count as null. */
export function changedFields(
  before: AuditFields | null | undefined,
  after: AuditFields | null | undefined,
): { before: AuditFields | null; after: AuditFields | null } {
  const b = before ? plain(before) : null;
  const a = after ? plain(after) : null;
  if (!b || !a) return { before: b, after: a };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changed = keys.filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null));
  const pick = (o: AuditFields) => Object.fromEntries(changed.map((k) => [k, o[k] ?? null]));
  return { before: pick(b), after: pick(a) };
}

const isEmpty = (o: AuditFields | null) => o !== null && Object.keys(o).length === 0;
const json = (o: AuditFields | null) => (o === null ? null : JSON.stringify(redact(o)));

// A person's own bearer token is told apart here (personal access token or the token endpoint's
// access token); every other kind is the actor's own.
const INSERT = `INSERT INTO audit_events
    (scope_id, actor_kind, actor_user_id, actor_token_id, action, record_type, record_id, before, after, request_id)
  VALUES ($1::uuid,
    CASE WHEN $2 = 'user_token' THEN coalesce(
      (SELECT CASE t.kind WHEN 'personal' THEN 'personal_token' WHEN 'access' THEN 'access_token' ELSE t.kind::text END
         FROM api_tokens t WHERE t.id = $4::uuid), 'personal_token')
    ELSE $2 END,
    $3::uuid, $4::uuid, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`;

/** Writes the row in `db`'s transaction; false (no row) when nothing changed. */
export async function recordAudit(db: SqlDb, scopeId: string, actor: AuditActor, event: AuditEvent): Promise<boolean> {
  const { before, after } = changedFields(event.before, event.after);
  if (isEmpty(before) && isEmpty(after)) return false;
  const values = [
    scopeId,
    actor.kind,
    actorUserId(actor),
    actorTokenId(actor),
    event.action,
    event.recordType,
    event.recordId,
    json(before),
    json(after),
    actor.requestId,
  ];
  await rows(db, INSERT, values);
  return true;
}
