// The names a page of audit events mentions, read in one statement for the whole page (never a
// lookup per event): the records the events are about and the ids their fields hold (a consent, a
// counterpart consolidated or linked as parent, a client bound, a transaction re-created). Each kind
// is read within the scope (people and tokens by their ids, which only the scope's own events hold).
// A record deleted since reads as missing, and the sentence says what it was instead.
import "server-only";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { emptyNames, type AuditNames } from "@/lib/audit/names-types";
import type { SentenceEvent } from "@/lib/audit/sentence";
import { DISPLAY_NAME_JOIN } from "@/lib/accounttracking/transactions/transactions";

type Kind =
  | "account"
  | "counterpart"
  | "transaction"
  | "consent"
  | "user"
  | "token"
  | "client"
  | "profile"
  | "endpoint"
  | "category";

/** The record types whose ids name a row of one kind. */
const KIND_OF_RECORD: Record<string, Kind> = {
  account: "account",
  counterpart: "counterpart",
  transaction: "transaction",
  consent: "consent",
  member: "user",
  api_key: "token",
  personal_token: "token",
  client: "client",
  dataset_profile: "profile",
  webhook_endpoint: "endpoint",
  category: "category",
};

/** Fields that hold an id of another record, and its kind. */
const KIND_OF_FIELD: Record<string, Kind> = {
  consentId: "consent",
  targetId: "counterpart",
  memberIds: "counterpart",
  parentId: "counterpart",
  boundCounterpartId: "counterpart",
  newTransactionId: "transaction",
  categoryId: "category",
  parentCategoryId: "category",
  mergedIntoId: "category",
  defaultCategoryId: "category",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id the events mention, by kind. */
export function mentionedIds(events: SentenceEvent[]): Record<Kind, string[]> {
  const ids: Record<Kind, Set<string>> = {
    account: new Set(),
    counterpart: new Set(),
    transaction: new Set(),
    consent: new Set(),
    user: new Set(),
    token: new Set(),
    client: new Set(),
    profile: new Set(),
    endpoint: new Set(),
    category: new Set(),
  };
  const add = (kind: Kind | undefined, value: unknown) => {
    for (const v of Array.isArray(value) ? value : [value])
      if (kind && typeof v === "string" && UUID.test(v)) ids[kind].add(v);
  };
  for (const e of events) {
    add(KIND_OF_RECORD[e.record.type], e.record.id);
    for (const fields of [e.before, e.after]) {
      for (const [key, value] of Object.entries(fields ?? {})) add(KIND_OF_FIELD[key], value);
      if (fields?.entityType === "client") add("client", fields.entityId);
    }
  }
  return Object.fromEntries(Object.entries(ids).map(([k, s]) => [k, [...s]])) as Record<Kind, string[]>;
}

type Row = { kind: Kind; id: string; a: string | null; b: string | null; c: string | null; d: string | null };

// $1 the scope; then one uuid[] per kind, in the order of the parts.
const NAMES_SQL = `
  SELECT 'account' AS kind, id::text, nickname AS a, coalesce(name, product) AS b, bank_name AS c, right(iban, 4) AS d
    FROM tracked_accounts WHERE scope_id = $1::uuid AND id = ANY($2::uuid[])
  UNION ALL
  SELECT 'counterpart', id::text, coalesce(alias, name), name, NULL, NULL
    FROM counterparts WHERE scope_id = $1::uuid AND id = ANY($3::uuid[])
  UNION ALL
  SELECT 'transaction', t.id::text, t.amount::text, t.currency, t.sort_date,
         coalesce(cp.display_name, CASE WHEN t.amount < 0 THEN t.creditor_name ELSE t.debtor_name END)
    FROM transactions t ${DISPLAY_NAME_JOIN} WHERE t.scope_id = $1::uuid AND t.id = ANY($4::uuid[])
  UNION ALL
  SELECT 'consent', id::text, bank_name, NULL, NULL, NULL FROM consents WHERE scope_id = $1::uuid AND id = ANY($5::uuid[])
  UNION ALL
  SELECT 'user', id::text, coalesce(name, email), NULL, NULL, NULL FROM users WHERE id = ANY($6::uuid[])
  UNION ALL
  SELECT 'token', id::text, name, NULL, NULL, NULL FROM api_tokens WHERE id = ANY($7::uuid[])
  UNION ALL
  SELECT 'client', id::text, display_name, NULL, NULL, NULL FROM clients WHERE scope_id = $1::uuid AND id = ANY($8::uuid[])
  UNION ALL
  SELECT 'profile', id::text, name, NULL, NULL, NULL FROM dataset_profiles WHERE scope_id = $1::uuid AND id = ANY($9::uuid[])
  UNION ALL
  SELECT 'endpoint', id::text, url, NULL, NULL, NULL FROM webhook_endpoints WHERE scope_id = $1::uuid AND id = ANY($10::uuid[])
  UNION ALL
  SELECT 'category', id::text, name, NULL, NULL, NULL FROM categories WHERE scope_id = $1::uuid AND id = ANY($11::uuid[])`;

/** The names the page's events mention, in one statement (none when they mention no id). */
export async function auditNames(db: Tx, scopeId: string, events: SentenceEvent[]): Promise<AuditNames> {
  const ids = mentionedIds(events);
  if (Object.values(ids).every((list) => list.length === 0)) return emptyNames();
  const rows = await query<Row>(
    db,
    NAMES_SQL,
    scopeId,
    ids.account,
    ids.counterpart,
    ids.transaction,
    ids.consent,
    ids.user,
    ids.token,
    ids.client,
    ids.profile,
    ids.endpoint,
    ids.category,
  );
  const names = emptyNames();
  const simple: Partial<Record<Kind, Record<string, string>>> = {
    consent: names.consents,
    user: names.users,
    token: names.tokens,
    client: names.clients,
    profile: names.profiles,
    endpoint: names.endpoints,
    category: names.categories,
  };
  for (const r of rows) {
    if (r.kind === "account") names.accounts[r.id] = { nickname: r.a, name: r.b, bank: r.c, last4: r.d || null };
    else if (r.kind === "counterpart") {
      if (r.a) names.counterparts[r.id] = r.a;
      if (r.b) names.counterpartBankNames[r.id] = r.b;
    } else if (r.kind === "transaction" && r.a && r.b && r.c)
      names.transactions[r.id] = { amount: r.a, currency: r.b, date: r.c, party: r.d };
    else if (r.a) {
      const into = simple[r.kind];
      if (into) into[r.id] = r.a;
    }
  }
  return names;
}
