// Idempotent ingest of one page of bank transactions: one statement over unnest()ed arrays. A row is
// written only when it is new or something the bank says changed (pending → booked, a corrected
// amount), never silently skipped; a row the bank left unchanged costs one key probe and a comparison
// and is not written at all (a re-sync of unchanged history writes no transaction and takes no change
// number). The page's bank ids are recorded once per page (sync_run_pages): that is how reconcile and
// the occurrence numbering know what the run has seen.
import type { PoolClient } from "pg";
import type { BankTransaction } from "@/lib/banking/types";
import { numberOccurrences } from "@/lib/sync/occurrence";

type IngestCounts = { added: number; updated: number; unchanged: number; unresolved: string[] };

type Value = (t: BankTransaction) => string | null;
/** The fields of a transaction that hold text (or nothing). */
type TextField = {
  [K in keyof BankTransaction]: BankTransaction[K] extends string | null ? K : never;
}[keyof BankTransaction];
const field =
  (name: TextField): Value =>
  (t) =>
    t[name];

/** Each stored column of what the bank said: its name, its SQL type, and its value in a transaction. */
const COLUMNS: readonly (readonly [string, string, Value])[] = [
  ["external_id", "text", field("externalId")],
  ["entry_reference", "text", field("entryReference")],
  ["status", '"TransactionStatus"', field("status")],
  ["booking_date", "text", field("bookingDate")],
  ["value_date", "text", field("valueDate")],
  ["sort_date", "text", (t) => t.bookingDate ?? t.valueDate ?? "0001-01-01"],
  ["amount", "numeric", field("amount")],
  ["currency", "text", field("currency")],
  ["creditor_name", "text", field("creditorName")],
  ["creditor_iban", "text", field("creditorIban")],
  ["ultimate_creditor", "text", field("ultimateCreditor")],
  ["debtor_name", "text", field("debtorName")],
  ["debtor_iban", "text", field("debtorIban")],
  ["ultimate_debtor", "text", field("ultimateDebtor")],
  ["remittance_information", "text", field("remittanceInformation")],
  ["creditor_id", "text", field("creditorId")],
  ["mandate_id", "text", field("mandateId")],
  ["bank_transaction_code", "text", field("bankTransactionCode")],
  ["end_to_end_id", "text", field("endToEndId")],
  ["proprietary_bank_transaction_code", "text", field("proprietaryBankTransactionCode")],
];

/** Every column that holds what the bank said (reconcile and undo copy exactly these). */
export const BANK_COLUMNS: readonly string[] = COLUMNS.map(([c]) => c);
const CHANGE_COLUMNS = COLUMNS.map(([c]) => c).filter((c) => c !== "external_id");

const valueOf = (column: string): Value => {
  const found = COLUMNS.find(([c]) => c === column);
  if (!found) throw new Error(`no column ${column}`);
  return found[2];
};

// A page names few parties many times (a supermarket, a payroll, a card processor), so each distinct
// party of the page is keyed and resolved once and its rows join it by ordinal: the match keys'
// regular expressions and the key probes run per party, not per row. The keys come from the database
// function counterpart_party_keys, the same one assign_counterparts uses, so both paths derive them
// identically (it reads only the amount's sign, passed as ±1).
const PARTY_COLUMNS = [
  "creditor_name",
  "creditor_iban",
  "ultimate_creditor",
  "debtor_name",
  "debtor_iban",
  "ultimate_debtor",
  "creditor_id",
  "mandate_id",
] as const;
const PARTY_VALUES = PARTY_COLUMNS.map(valueOf);
// The statement's positional parameters, in the order ingestPage passes them: the target ($1–$3), an
// array a column, the rows' party ordinals, the parties' signs, an array a party field.
const PARAM = {
  column: (i: number) => 4 + i,
  ordinals: 4 + COLUMNS.length,
  debit: 5 + COLUMNS.length,
  party: (i: number) => 6 + COLUMNS.length + i,
};

const KEYED = `
  SELECT p.ord, k.iban, k.cid, k.mandate, k.name_key
    FROM unnest($${PARAM.debit}::boolean[], ${PARTY_COLUMNS.map((_, i) => `$${PARAM.party(i)}::text[]`).join(", ")})
         WITH ORDINALITY AS p(debit, ${PARTY_COLUMNS.join(", ")}, ord)
    -- Only the parties of rows to be written.
    JOIN (SELECT DISTINCT party FROM writes) w ON w.party = p.ord
    CROSS JOIN LATERAL counterpart_party_keys(CASE WHEN p.debit THEN -1 ELSE 1 END, ${PARTY_COLUMNS.map((c) => `p.${c}`).join(", ")}) k`;

// A row whose every key is already known is assigned here, in the upsert, so the common case writes
// each row once; each key is one primary-key probe (counterpart_key_owner), whatever the statistics.
// A row with any unknown key stays NULL: assign_counterparts then creates or extends counterparts (it
// learns new keys), for those rows only.
const RESOLVED = `
  SELECT k.ord,
         CASE WHEN (k.iban IS NULL OR ki.counterpart_id IS NOT NULL) AND (k.cid IS NULL OR kc.counterpart_id IS NOT NULL)
               AND (k.mandate IS NULL OR km.counterpart_id IS NOT NULL) AND (k.name_key IS NULL OR kn.counterpart_id IS NOT NULL)
              THEN coalesce(ki.counterpart_id, kc.counterpart_id, km.counterpart_id, kn.counterpart_id) END AS cp
    FROM keyed k
    LEFT JOIN LATERAL counterpart_key_owner($1, 'iban', k.iban) ki ON true
    LEFT JOIN LATERAL counterpart_key_owner($1, 'creditor_id', k.cid) kc ON true
    LEFT JOIN LATERAL counterpart_key_owner($1, 'mandate', k.mandate) km ON true
    LEFT JOIN LATERAL counterpart_key_owner($1, 'name', k.name_key) kn ON true`;

// What the bank says of a row, as it compares: the amount as text, so a new scale (1150 → 1150.00)
// is stored as the bank now writes it (decimal strings keep their scale).
const compared = (alias: string) =>
  `(${CHANGE_COLUMNS.map((c) => (c === "amount" ? `${alias}.amount::text` : `${alias}.${c}`)).join(", ")})`;
const CHANGED = `${compared("transactions")} IS DISTINCT FROM ${compared("EXCLUDED")}`;

const SQL = `
WITH input AS (
  SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${PARAM.column(i)}::${type}[]`).join(", ")}, $${PARAM.ordinals}::bigint[])
    AS i(${COLUMNS.map(([c]) => c).join(", ")}, party)
), writes AS (
  -- New rows, rows the bank changed, rows back after a removal, and rows still without a counterpart.
  -- The rest never reach the upsert, whose ON CONFLICT DO UPDATE would lock them (a write to their
  -- page) even when its WHERE declines the update, and their parties' keys are not derived again.
  -- One probe of the (account_id, external_id) key per row. OFFSET 0 keeps the probe a subquery of its
  -- own: flattened, it became a hash join reading the whole account; with LIMIT 1 instead, the planner
  -- took an account_id-led index on a new account's stale statistics and read the account per row.
  SELECT i.* FROM input i
    LEFT JOIN LATERAL (SELECT * FROM transactions t WHERE t.account_id = $2 AND t.external_id = i.external_id OFFSET 0) t ON true
   WHERE t.id IS NULL OR t.removed_at IS NOT NULL OR t.counterpart_id IS NULL
      OR ${compared("t")} IS DISTINCT FROM ${compared("i")}
), keyed AS (${KEYED}
), resolved AS (${RESOLVED}
), upserted AS (
  INSERT INTO transactions (id, scope_id, account_id, first_seen_run_id, last_seen_run_id, ${COLUMNS.map(([c]) => c).join(", ")}, counterpart_id, updated_at)
  SELECT gen_random_uuid(), $1, $2, $3, $3, ${COLUMNS.map(([c]) => `i.${c}`).join(", ")}, r.cp, now()
    FROM writes i JOIN resolved r ON r.ord = i.party
  ON CONFLICT (account_id, external_id) DO UPDATE SET
    ${CHANGE_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(",\n    ")},
    last_seen_run_id = EXCLUDED.last_seen_run_id,
    removed_at = NULL,
    -- What the bank changed is derived again; an unchanged row keeps its counterpart.
    counterpart_id = CASE WHEN ${CHANGED} THEN EXCLUDED.counterpart_id
                          ELSE coalesce(transactions.counterpart_id, EXCLUDED.counterpart_id) END,
    updated_at = CASE WHEN ${CHANGED} THEN now() ELSE transactions.updated_at END
  -- The test of writes again, at the row lock: a row another writer made equal to the page since is not written.
  WHERE ${CHANGED} OR transactions.removed_at IS NOT NULL
     OR (transactions.counterpart_id IS NULL AND EXCLUDED.counterpart_id IS NOT NULL)
  -- updated_at is timestamptz(3): compare at the precision it is stored with.
  RETURNING external_id, counterpart_id, (xmax = 0) AS inserted, updated_at = now()::timestamptz(3) AS touched
), seen AS (
  INSERT INTO sync_run_pages (run_id, external_ids) SELECT $3, array_agg(external_id) FROM input
), counts AS (
  SELECT count(*) FILTER (WHERE inserted)::int AS added,
         count(*) FILTER (WHERE NOT inserted AND touched)::int AS updated,
         coalesce(array_agg(external_id) FILTER (WHERE counterpart_id IS NULL), '{}') AS unresolved
    FROM upserted
)
SELECT c.added, c.updated, (SELECT count(*) FROM input)::int - c.added - c.updated AS unchanged, c.unresolved
  FROM counts c`;

/** Upserts a page (deduplicated by external id within the page) inside the caller's transaction. */
export async function ingestPage(
  client: PoolClient,
  target: { scopeId: string; accountId: string; runId: string },
  transactions: BankTransaction[],
): Promise<IngestCounts> {
  if (transactions.length === 0) return { added: 0, updated: 0, unchanged: 0, unresolved: [] };
  // A bank may list an entry in both booked and pending on the same page; booked wins. Id-less
  // entries are numbered first: identical ones are separate entries, never duplicates of each other.
  const byId = new Map<string, BankTransaction>();
  for (const t of await numberOccurrences(client, target, transactions)) {
    const prior = byId.get(t.externalId);
    if (!prior || (prior.status === "pending" && t.status === "booked")) byId.set(t.externalId, t);
  }
  const page = [...byId.values()];
  const rows = page.map((t) => COLUMNS.map(([, , value]) => value(t)));
  const arrays = COLUMNS.map((_, col) => rows.map((r) => r[col]));
  const { parties, ordinals } = partiesOf(page);
  const { rows: result } = await client.query<IngestCounts>(SQL, [
    target.scopeId,
    target.accountId,
    target.runId,
    ...arrays,
    ordinals,
    parties.map((p) => p.debit),
    ...PARTY_COLUMNS.map((_, col) => parties.map((p) => p.fields[col])),
  ]);
  return result[0];
}

/** Whether a decimal string is below zero, as SQL's `amount < 0` reads it ("-0.00" is not). */
const isDebit = (amount: string) => amount.startsWith("-") && /[1-9]/.test(amount);

/** The page's distinct parties (sign and party fields) and, per row, its party's 1-based ordinal. */
function partiesOf(page: BankTransaction[]) {
  const index = new Map<string, number>();
  const parties: { debit: boolean; fields: (string | null)[] }[] = [];
  const ordinals = page.map((t) => {
    const party = {
      debit: isDebit(t.amount),
      fields: PARTY_VALUES.map((value) => value(t)),
    };
    const key = JSON.stringify(party);
    let ordinal = index.get(key);
    if (ordinal === undefined) {
      parties.push(party);
      ordinal = parties.length;
      index.set(key, ordinal);
    }
    return ordinal;
  });
  return { parties, ordinals };
}
