// Idempotent ingest of one page of bank transactions: one INSERT … ON CONFLICT DO UPDATE over
// unnest()ed arrays. A row is rewritten only when something the bank says changed (pending →
// booked, a corrected amount), never silently skipped; unchanged rows only get last_seen_run_id.
import type { PoolClient } from "pg";
import type { BankTransaction } from "@/lib/banking/types";

export type IngestCounts = { added: number; updated: number; unchanged: number };

const COLUMNS = [
  ["external_id", "text"],
  ["entry_reference", "text"],
  ["status", '"TransactionStatus"'],
  ["booking_date", "text"],
  ["value_date", "text"],
  ["sort_date", "text"],
  ["amount", "numeric"],
  ["currency", "text"],
  ["creditor_name", "text"],
  ["creditor_iban", "text"],
  ["ultimate_creditor", "text"],
  ["debtor_name", "text"],
  ["debtor_iban", "text"],
  ["ultimate_debtor", "text"],
  ["remittance_information", "text"],
  ["creditor_id", "text"],
  ["mandate_id", "text"],
  ["bank_transaction_code", "text"],
] as const;

const CHANGE_COLUMNS = COLUMNS.map(([c]) => c).filter((c) => c !== "external_id");

function columnValues(t: BankTransaction): (string | null)[] {
  return [
    t.externalId,
    t.entryReference,
    t.status,
    t.bookingDate,
    t.valueDate,
    t.bookingDate ?? t.valueDate ?? "0001-01-01",
    t.amount,
    t.currency,
    t.creditorName,
    t.creditorIban,
    t.ultimateCreditor,
    t.debtorName,
    t.debtorIban,
    t.ultimateDebtor,
    t.remittanceInformation,
    t.creditorId,
    t.mandateId,
    t.bankTransactionCode,
  ];
}

const SQL = `
WITH input AS (
  SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 4}::${type}[]`).join(", ")})
    AS i(${COLUMNS.map(([c]) => c).join(", ")})
), upserted AS (
  INSERT INTO transactions (id, scope_id, account_id, first_seen_run_id, last_seen_run_id, ${COLUMNS.map(([c]) => c).join(", ")}, updated_at)
  SELECT gen_random_uuid(), $1, $2, $3, $3, ${COLUMNS.map(([c]) => `i.${c}`).join(", ")}, now() FROM input i
  ON CONFLICT (account_id, external_id) DO UPDATE SET
    ${CHANGE_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(",\n    ")},
    last_seen_run_id = EXCLUDED.last_seen_run_id,
    removed_at = NULL,
    updated_at = CASE WHEN (${CHANGE_COLUMNS.map((c) => `transactions.${c}`).join(", ")}) IS DISTINCT FROM
                           (${CHANGE_COLUMNS.map((c) => `EXCLUDED.${c}`).join(", ")})
                      THEN now() ELSE transactions.updated_at END
  -- updated_at is timestamptz(3): compare at the precision it is stored with.
  RETURNING (xmax = 0) AS inserted, updated_at = now()::timestamptz(3) AS touched
)
SELECT count(*) FILTER (WHERE inserted)::int AS added,
       count(*) FILTER (WHERE NOT inserted AND touched)::int AS updated,
       count(*) FILTER (WHERE NOT inserted AND NOT touched)::int AS unchanged
  FROM upserted`;

/** Upserts a page (deduplicated by external id within the page) inside the caller's transaction. */
export async function ingestPage(
  client: PoolClient,
  target: { scopeId: string; accountId: string; runId: string },
  transactions: BankTransaction[],
): Promise<IngestCounts> {
  if (transactions.length === 0) return { added: 0, updated: 0, unchanged: 0 };
  // A bank may list an entry in both booked and pending on the same page; booked wins.
  const byId = new Map<string, BankTransaction>();
  for (const t of transactions) {
    const prior = byId.get(t.externalId);
    if (!prior || (prior.status === "pending" && t.status === "booked")) byId.set(t.externalId, t);
  }
  const rows = [...byId.values()].map(columnValues);
  const arrays = COLUMNS.map((_, col) => rows.map((r) => r[col]));
  const { rows: result } = await client.query<IngestCounts>(SQL, [target.scopeId, target.accountId, target.runId, ...arrays]);
  return result[0];
}
