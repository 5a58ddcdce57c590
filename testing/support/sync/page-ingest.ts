// A page written as a sync writes it (lib/sync/page-write.ts) without a run's cursor: the upsert,
// then the full counterpart assignment for the rows the upsert could not resolve. For tests that
// need rows as a sync leaves them, without a bank.
import type { PoolClient } from "pg";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pool } from "@/lib/db/client";
import { ingestPage } from "@/lib/sync/ingest";

type PageTarget = { scopeId: string; accountId: string; runId: string };

/** Ingests the page and assigns what it left unresolved, inside the caller's transaction; the ingest's counts. */
export async function ingestAssigned(client: PoolClient, target: PageTarget, page: BankTransaction[]) {
  const counts = await ingestPage(client, target, page);
  await assignCounterparts(client, { ...target, externalIds: counts.unresolved });
  return counts;
}

/** The account's rows whose bank id is LIKE `externalIds`, in bank id order, each with its derived counterpart. */
export async function rowCounterparts(accountId: string, externalIds = "%") {
  const { rows } = await pool().query<{ external_id: string; counterpart_id: string | null }>(
    "SELECT external_id, counterpart_id FROM transactions WHERE account_id = $1 AND external_id LIKE $2 ORDER BY external_id",
    [accountId, externalIds],
  );
  return rows;
}
