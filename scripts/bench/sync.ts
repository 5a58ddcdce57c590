// A full sync of 100,000 sandbox transactions (bulk-100000: the bank over HTTP, pages of 1,000,
// upserts with cursor saves) against a plain batched INSERT of the same rows (1,000 rows a
// statement, one transaction each) into a scratch copy of the table; then a re-sync of the
// unchanged history, which must insert nothing; and the bank read alone (no database), the floor.
import type pg from "pg";
import { integrationFor } from "@/lib/banking/registry";
import { prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";
import { db as sharedDb } from "@/lib/db/client";

export type SyncBench = {
  syncMs: number;
  insertMs: number;
  resyncMs: number;
  rows: number;
  resyncAdded: number;
  resyncUpdated: number;
  /** Reading every page from the bank alone (no database): the floor a sync cannot go under. */
  bankMs: number;
};

/** Every page of the account's history read from the bank as the sync reads it, written nowhere. */
async function readBankOnly(accountId: string, dateFrom: string) {
  const account = await prisma().trackedAccount.findUniqueOrThrow({
    where: { id: accountId },
    include: { consent: true },
  });
  const integration = integrationFor(account.integrationName);
  if (!integration) throw new Error(`integration ${account.integrationName} is not enabled`);
  const context = { psuIpAddress: "127.0.0.1", requestId: "bench-bank-only" };
  const t = performance.now();
  let next: string | null = null;
  do {
    const page = await integration.transactionsPage(
      account.bankId,
      account.consent.externalId ?? "",
      account.externalId,
      { dateFrom, next, pageSize: env.SYNC_PAGE_SIZE },
      context,
    );
    next = page.next;
  } while (next);
  return performance.now() - t;
}

/** A re-sync over the whole history: the run's window is preset to the first sync's start. */
async function timedRun(accountId: string, scopeId: string, dateFrom: string | null) {
  const { run } = await createRun(sharedDb(), {
    scopeId,
    accountId,
    trigger: "manual",
    attended: true,
    psuIpAddress: "127.0.0.1",
  });
  await prisma().syncRun.update({ where: { id: run.id }, data: { dateFrom } });
  const t = performance.now();
  await executeRun(run.id, "bench");
  const ms = performance.now() - t;
  const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
  if (done.state !== "succeeded") throw new Error(`sync ${done.state}: ${done.lastError}`);
  return { ms, added: done.added, updated: done.updated };
}

export async function benchSync(
  db: pg.Pool,
  accountId: string,
  scopeId: string,
  firstRunId: string,
): Promise<SyncBench> {
  const t = performance.now();
  await executeRun(firstRunId, "bench");
  const syncMs = performance.now() - t;
  const first = await prisma().syncRun.findUniqueOrThrow({ where: { id: firstRunId } });
  if (first.state !== "succeeded") throw new Error(`first sync ${first.state}: ${first.lastError}`);

  // Baseline: the same rows, plain multi-row INSERTs of 1,000 into an empty copy of the table.
  await db.query("DROP TABLE IF EXISTS bench_plain_insert");
  await db.query("CREATE TABLE bench_plain_insert (LIKE transactions INCLUDING DEFAULTS INCLUDING INDEXES)");
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency, creditor_name,
            creditor_iban, debtor_name, debtor_iban, remittance_information, updated_at FROM transactions WHERE account_id = $1`,
    [accountId],
  );
  const columns = Object.keys(rows[0]);
  const t2 = performance.now();
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000);
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${columns.map((c) => `$${values.push(row[c])}`).join(", ")})`);
    await db.query(`INSERT INTO bench_plain_insert (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, values);
  }
  const insertMs = performance.now() - t2;
  await db.query("DROP TABLE bench_plain_insert");

  const resync = await timedRun(accountId, scopeId, first.dateFrom);
  const bankMs = await readBankOnly(accountId, first.dateFrom ?? "");
  return {
    bankMs,
    syncMs,
    insertMs,
    resyncMs: resync.ms,
    rows: rows.length,
    resyncAdded: resync.added,
    resyncUpdated: resync.updated,
  };
}
