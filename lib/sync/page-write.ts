// One page of a sync run, written in one transaction: its rows (lib/sync/ingest.ts), their
// counterparts, and the run's cursor and counters, all or nothing. A crash before the commit resumes
// at this page; a crash after it at the next.
//
// Retried whole when PostgreSQL aborts it as a deadlock's victim or for a serialization failure
// (lib/db/retry.ts). That is safe because the transaction is all or nothing and running it again is
// idempotent: the rows are upserted by bank id, and the cursor moves only in this same transaction,
// so an attempt rolled back is as if never made. Nothing here changes state outside the transaction
// (writeRows: only SQL on `client`); the runner counts the page once it returns.
import type { BankTransaction, TransactionsPage } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransactionWithRetry } from "@/lib/db/retry";
import type { PoolClient } from "pg";
import { applyRulesToRows, loadRules, markFailed, RulesSeen } from "@/lib/rules/engine";
import { ingestPage } from "@/lib/sync/ingest";
import type { RowToWrite, WriteTarget } from "@/lib/sync/upsert";
import { runSql } from "@/lib/sync/run-lifecycle";

/** The run is no longer this worker's (another took it over): never retried, this worker stops. */
export class LostClaim extends Error {}

type PageTarget = { runId: string; workerId: string; scopeId: string; accountId: string };

/** The oldest and newest dates of a page (ISO dates compare as text), null for a page without any. */
export function dateSpan(rows: Pick<BankTransaction, "bookingDate" | "valueDate">[]): {
  from: string | null;
  to: string | null;
} {
  let from: string | null = null;
  let to: string | null = null;
  for (const row of rows) {
    const day = row.bookingDate ?? row.valueDate;
    if (!day) continue;
    if (from === null || day < from) from = day;
    if (to === null || day > to) to = day;
  }
  return { from, to };
}

/**
 * A page's rows written as the sync writes them, in the caller's transaction: ingested (new rows with
 * a known counterpart filed by the scope's rules as they are inserted), the counterparts of the rest
 * assigned, then the rules over what is left to file. A statement import writes its new rows through
 * here too (`runId` null, lib/statements/import), so they are filed and assigned as synced rows are.
 */
export async function writeRows(
  client: PoolClient,
  target: WriteTarget,
  transactions: RowToWrite[],
  { compareFirst, rulesSeen }: { compareFirst: boolean; rulesSeen?: RulesSeen },
) {
  const { scopeId, accountId, runId } = target;
  const seen = rulesSeen ?? new RulesSeen();
  const rules = await loadRules(client, scopeId, seen);
  const counts = await ingestPage(client, { scopeId, accountId, runId }, transactions, {
    compareFirst,
    rules: seen.evaluator,
  });
  for (const rule of counts.failed) await markFailed(client, scopeId, rule, "its conditions could not be tested");
  // Rows the upsert could not assign (a party or key not seen before) go through the full step.
  if (counts.unresolved.length > 0)
    await assignCounterparts(client, { scopeId, accountId, externalIds: counts.unresolved });
  await applyRulesToRows(
    client,
    scopeId,
    counts.written,
    rules.filter((r) => !counts.failed.includes(r)),
  );
  return counts;
}

/**
 * Writes the page and moves the run's cursor to `page.next`; answers what it added and updated.
 * `rulesSeen`: the run's rules as its last page read them (lib/rules/engine.ts), kept from page to page.
 */
export async function writePage(
  target: PageTarget,
  page: Pick<TransactionsPage, "transactions" | "next">,
  { compareFirst, rulesSeen }: { compareFirst: boolean; rulesSeen?: RulesSeen },
): Promise<{ added: number; updated: number }> {
  const { runId, workerId } = target;
  return pgTransactionWithRetry(
    async (client) => {
      const counts = await writeRows(client, target, page.transactions, { compareFirst, rulesSeen });
      const { from, to } = dateSpan(page.transactions);
      // LEAST/GREATEST skip NULLs: a page without dates leaves the span as it was.
      const saved = await client.query(
        `UPDATE sync_runs r SET next_page = $3, pages = pages + 1, added = added + $4, updated = updated + $5,
                seen_from = LEAST(seen_from, $6), seen_to = GREATEST(seen_to, $7), heartbeat_at = now()
          WHERE r.id = $1 AND ${runSql.heldBy("r", "$2")}`,
        [runId, workerId, page.next, counts.added, counts.updated, from, to],
      );
      // Not a database abort: thrown at once, it ends this worker's part of the run.
      if (saved.rowCount !== 1) throw new LostClaim("another worker took over this run");
      return { added: counts.added, updated: counts.updated };
    },
    { name: "sync.page", fields: { runId } },
  );
}
