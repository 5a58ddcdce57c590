// The scope's audit trail, newest first: keyset on the insertion order (seq), with the person's or
// token's name for the "who" column, read at list time from users and api_tokens (never a hash or
// prefix), and each event as a sentence with the names of what it touched (lib/audit/sentence.ts). Filters: one action, one actor (a person's id matches their changes through any session
// or token; a token's id, the changes made with it), one record id.
import "server-only";
import type { z } from "zod";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { decodeCursor, pageOf } from "@/lib/pagination";
import type { AuditEventsFilter } from "@/lib/audit/schemas";
import type { AuditEventSchema } from "@/lib/openapi/schemas/audit";
import { auditNames } from "@/lib/audit/names";
import { auditSentence } from "@/lib/audit/sentence";

type Row = {
  id: string;
  seq: string;
  occurred_at: Date;
  actor_kind: string;
  actor_user_id: string | null;
  actor_token_id: string | null;
  action: string;
  record_type: string;
  record_id: string;
  before: string | null;
  after: string | null;
  request_id: string | null;
  user_name: string | null;
  user_email: string | null;
  token_name: string | null;
};

type AuditEventData = z.input<typeof AuditEventSchema>;

function serialize(r: Row): Omit<AuditEventData, "summary"> {
  return {
    id: r.id,
    occurredAt: r.occurred_at.toISOString(),
    // Written only from lib/audit/actions.ts's lists (recordAudit's types).
    action: r.action as AuditEventData["action"],
    actor: {
      kind: r.actor_kind as AuditEventData["actor"]["kind"],
      userId: r.actor_user_id,
      tokenId: r.actor_token_id,
      name: r.user_name ?? r.token_name,
      email: r.user_email,
    },
    record: { type: r.record_type as AuditEventData["record"]["type"], id: r.record_id },
    before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
    after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
    requestId: r.request_id,
  };
}

export async function listAuditEvents(db: Tx, scopeId: string, q: AuditEventsFilter) {
  const list = {
    name: `audit:${scopeId}`,
    filters: { action: q["filter[action]"], actor: q["filter[actor]"], recordId: q["filter[recordId]"] },
  };
  const after = decodeCursor(list, q.cursor, 1);
  // jsonb as text: the values come back exactly as stored.
  const rows = await query<Row>(
    db,
    `SELECT e.id, e.seq::text AS seq, e.occurred_at, e.actor_kind, e.actor_user_id, e.actor_token_id, e.action,
            e.record_type, e.record_id, e.before::text AS before, e.after::text AS after, e.request_id,
            u.name AS user_name, u.email AS user_email, t.name AS token_name
       FROM audit_events e
       LEFT JOIN users u ON u.id = e.actor_user_id
       LEFT JOIN api_tokens t ON t.id = e.actor_token_id
      WHERE e.scope_id = $1::uuid
        AND ($2::text IS NULL OR e.action = $2::text)
        AND ($3::uuid IS NULL OR e.actor_user_id = $3::uuid OR e.actor_token_id = $3::uuid)
        AND ($4::text IS NULL OR e.record_id = $4::text)
        AND ($5::bigint IS NULL OR e.seq < $5::bigint)
      ORDER BY e.seq DESC
      LIMIT $6`,
    scopeId,
    list.filters.action ?? null,
    list.filters.actor ?? null,
    list.filters.recordId ?? null,
    after ? String(after[0]) : null,
    q.perPage + 1,
  );
  const page = pageOf(list, rows, q.perPage, (r) => [r.seq]);
  const events = page.items.map(serialize);
  // The page's sentences: every id they mention resolved in one statement.
  const names = await auditNames(db, scopeId, events);
  const items: AuditEventData[] = events.map((e) => ({ ...e, summary: auditSentence(e, names) }));
  return { items, meta: page.meta };
}
