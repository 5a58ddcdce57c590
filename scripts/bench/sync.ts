// Full syncs of 100,000 sandbox transactions (bulk-100000: the bank over HTTP, pages of 1,000,
// upserts with cursor saves) against a plain batched INSERT of the same rows (1,000 rows a statement,
// one transaction each) into an empty copy of the table. After a warm-up sync (the server's and our
// code paths compiled), the two alternate for ROUNDS rounds, each sync into a fresh account, so drift
// in the machine's load falls on both. Then a re-sync of the unchanged history, which must insert
// nothing, alternating with the bank read alone (no database), the floor a sync cannot go under.
import type pg from "pg";
import { integrationFor } from "@/lib/banking/registry";
import { db as sharedDb, prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";

const ROUNDS = 3;

export type SyncBench = {
  /** Each round's full sync and its plain insert into an empty copy, in ms. */
  rounds: { syncMs: number; emptyCopyMs: number }[];
  rows: number;
  /**
   * Each round's re-sync of the unchanged history and its floor, reading every page from the bank
   * alone (no database), in ms: they alternate too, each round in the other order.
   */
  resyncs: { resyncMs: number; bankMs: number; added: number; updated: number }[];
};

async function finishedRun(runId: string) {
  const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: runId } });
  if (done.state !== "succeeded") throw new Error(`sync ${done.state}: ${done.lastError}`);
  return done;
}

/** A fresh person, consent and tracked account of `bankUser`, fully synced; the sync's time. */
export async function fullSync(bankUser: string) {
  const connected = await connectedConsent(bankUser);
  const { account, run } = await trackedAccount(connected);
  const t = performance.now();
  await executeRun(run.id, "bench");
  const ms = performance.now() - t;
  const done = await finishedRun(run.id);
  return { ms, accountId: account.id, scopeId: connected.person.scopeId, dateFrom: done.dateFrom };
}

// The plain insert's rows: every column the sync wrote that a plain INSERT would carry.
const PLAIN_COLUMNS = `id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency,
  creditor_name, creditor_iban, debtor_name, debtor_iban, remittance_information, updated_at`;

/** Multi-row INSERTs of 1,000 into `table`, each its own transaction (as a sync's pages); the time. */
async function insertBatches(db: pg.Pool, table: string, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0]);
  const t = performance.now();
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows.slice(start, start + 1000);
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${columns.map((c) => `$${values.push(row[c])}`).join(", ")})`);
    await db.query(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, values);
  }
  return performance.now() - t;
}

/**
 * The search index's pending list (GIN's fast update) written into the index now, so neither side of
 * the comparison pays for entries the other left there.
 */
export async function flushSearchIndex(db: pg.Pool) {
  await db.query("SELECT gin_clean_pending_list('transactions_search_idx'::regclass)");
}

/**
 * The account's rows again, as plain multi-row INSERTs of 1,000, into an empty copy of the table
 * (its indexes, generated column and defaults; no foreign key, no triggers): the floor the target is
 * judged against. Until session 11 the same rows were also inserted into `transactions` itself with
 * triggers off, to see whether the copy's emptiness flattered it; on a bench database that grew by
 * every run it swung 7–21 s, and each run now starts from an empty database (run.ts), so it went.
 */
export async function plainInsert(db: pg.Pool, accountId: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${PLAIN_COLUMNS} FROM transactions WHERE account_id = $1`,
    [accountId],
  );
  await flushSearchIndex(db);
  await db.query("DROP TABLE IF EXISTS bench_plain_insert");
  // INCLUDING GENERATED: a row written has its search text computed and indexed, in the copy too.
  await db.query(
    "CREATE TABLE bench_plain_insert (LIKE transactions INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING INDEXES)",
  );
  const emptyCopyMs = await insertBatches(db, "bench_plain_insert", rows);
  await db.query("DROP TABLE bench_plain_insert");
  return { emptyCopyMs, rows: rows.length };
}

/** A re-sync over the whole history: the run's window is preset to the first sync's start. */
export async function resync(accountId: string, scopeId: string, dateFrom: string | null) {
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
  const done = await finishedRun(run.id);
  return { ms, added: done.added, updated: done.updated };
}

/** Every page of the account's history read from the bank as the sync reads it, written nowhere. */
export async function readBankOnly(accountId: string, dateFrom: string) {
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
      account.consent?.externalId ?? "",
      account.externalId,
      { dateFrom, next, pageSize: env.SYNC_PAGE_SIZE },
      context,
    );
    next = page.next;
  } while (next);
  return performance.now() - t;
}

export async function benchSync(db: pg.Pool): Promise<SyncBench> {
  await fullSync("bulk-5000");
  const rounds: SyncBench["rounds"] = [];
  let last: Awaited<ReturnType<typeof fullSync>> | null = null;
  let rows = 0;
  for (let i = 0; i < ROUNDS; i += 1) {
    await flushSearchIndex(db);
    last = await fullSync("bulk-100000");
    const insert = await plainInsert(db, last.accountId);
    rows = insert.rows;
    rounds.push({ syncMs: last.ms, emptyCopyMs: insert.emptyCopyMs });
  }
  if (!last) throw new Error("no round ran");
  const synced = last;
  const resyncs: SyncBench["resyncs"] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const bank = () => readBankOnly(synced.accountId, synced.dateFrom ?? "");
    const before = i % 2 === 0 ? await bank() : 0;
    const again = await resync(synced.accountId, synced.scopeId, synced.dateFrom);
    const bankMs = i % 2 === 0 ? before : await bank();
    resyncs.push({ resyncMs: again.ms, bankMs, added: again.added, updated: again.updated });
  }
  return { rounds, rows, resyncs };
}
