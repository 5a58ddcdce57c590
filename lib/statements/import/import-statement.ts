// importStatement: a parsed statement file (camt.053 streamed, MT940 or CSV read whole) into the
// tracked account its import row names, as one database transaction. Either every entry is written
// or matched and every balance kept, and the import moves to succeeded with its counts, all in that
// transaction; or nothing of the file is kept and the import moves to failed, saying why.
//
// Per batch of BATCH_SIZE booked entries, in the transaction:
//   1. matched against the account's rows by the sync's own pairing (match.ts): an entry the PSD2
//      feed brought already is that row, which keeps the bank's columns and gains the file's ids;
//      a row that carries a file's ids already (an earlier file with this entry) is left unchanged;
//   2. the rest written through the sync's write path (lib/sync/page-write.ts writeRows, with no run):
//      counterparts, the scope's rules (filing), the change feed's numbers and the figures' triggers
//      treat them as synced rows. They are stored with `seen_by_bank` false and the file's ids.
// Then the file's balances that have a Berlin Group type go to account_balances (source file).
//
// Pending entries (camt PDNG, a CSV's "vorgemerkt") are skipped and counted: a statement is the
// booked record, and nothing would ever confirm or release a pending row only a file brought.
//
// Refused, writing nothing (StatementFileError, naming the line or element): a statement of another
// account or currency, an entry or balance in another currency (account-check.ts), and whatever the
// reader refuses as it streams. One transaction holds the account's change-feed lock from the start
// (lib/changes/lock.ts), so a sync page of the same account waits for the import, or the import for
// it, and neither deadlocks on the other's rows. It is not retried on a deadlock as a sync page is:
// the file is read once, as it streams. `processed` is written outside it, between batches, so a
// reader sees the progress while the transaction runs (its FOR NO KEY UPDATE does not wait on the
// key-share locks the rows' foreign key takes).
//
// The caller holds the import (lifecycle.ts holdImport: started, a heartbeat while it runs); every
// write about it names that attempt. An attempt restarted away from (its heartbeat went stale) finds
// its end refused: its transaction rolls back, it records nothing, and the new attempt goes on.
import "server-only";
import type { PoolClient } from "pg";
import { changesSince, feedPosition } from "@/lib/changes/announce";
import { lockChangeFeed } from "@/lib/changes/lock";
import { emitEvent } from "@/lib/webhooks/outbox";
import { crashPoint } from "@/lib/crash-points";
import { pgTransaction, pool } from "@/lib/db/client";
import { log } from "@/lib/log";
import { isStatementFileError } from "@/lib/statements/errors";
import type { StatementBalance, StatementHeader, StatementItem } from "@/lib/statements/model";
import { writeRows } from "@/lib/sync/page-write";
import type { RowToWrite } from "@/lib/sync/upsert";
import {
  type AccountIdentity,
  assertBalanceCurrency,
  assertEntryCurrency,
  assertStatementBelongs,
} from "./account-check";
import { entryDay, entryRow, fileIdNumbering } from "./entry-rows";
import { type ImportClaim, type ImportCounts, ImportTakenOver, moveImport, recordImportProgress } from "./lifecycle";
import { CREATE_PAIRED, matchStoredRows, recordFileIds } from "./match";

export const BATCH_SIZE = 1000;

type ImportTarget = { importId: string; scopeId: string; accountId: string; account: AccountIdentity };

export type ImportOutcome = { importId: string; counts: ImportCounts };

async function targetOf(importId: string): Promise<ImportTarget> {
  const { rows } = await pool().query<{ scope_id: string; account_id: string; iban: string | null; currency: string }>(
    `SELECT i.scope_id, i.account_id, a.iban, a.currency FROM statement_imports i
       JOIN tracked_accounts a ON a.id = i.account_id WHERE i.id = $1`,
    [importId],
  );
  const row = rows[0];
  if (!row) throw new Error(`no statement import ${importId}`);
  return {
    importId,
    scopeId: row.scope_id,
    accountId: row.account_id,
    account: { iban: row.iban, currency: row.currency.trim() },
  };
}

const emptyCounts = (): ImportCounts => ({
  entries: 0,
  added: 0,
  matched: 0,
  unchanged: 0,
  skipped: 0,
  balances: 0,
  processed: 0,
  dateFrom: null,
  dateTo: null,
});

/** One batch: matched rows get the file's ids, the rest are written as the sync writes its pages. */
async function writeBatch(client: PoolClient, target: ImportTarget, batch: RowToWrite[], counts: ImportCounts) {
  const matches = await matchStoredRows(client, target, batch);
  const matchedEntries = new Set(matches.map((m) => m.entry));
  const toRecord = matches.filter((m) => !m.hasFileIds).map((m) => ({ rowId: m.rowId, row: batch[m.entry] }));
  counts.matched += await recordFileIds(client, toRecord);
  counts.unchanged += matches.length - toRecord.length;
  const fresh = batch.filter((_, i) => !matchedEntries.has(i));
  const written = await writeRows(
    client,
    { scopeId: target.scopeId, accountId: target.accountId, runId: null },
    fresh,
    { compareFirst: false },
  );
  counts.added += written.added;
  // A stored row under the same file id that matching did not offer (a removed one): brought back.
  counts.matched += written.updated;
  counts.unchanged += written.unchanged;
}

/** Keeps each balance of the file that has a Berlin Group type, once per type, date and amount. */
async function keepBalances(client: PoolClient, target: ImportTarget, balances: StatementBalance[]): Promise<number> {
  const unique = new Map<string, StatementBalance>();
  for (const b of balances) {
    if (b.balanceType === null) continue;
    const key = JSON.stringify([b.balanceType, b.currency, b.referenceDate, b.amount]);
    if (!unique.has(key)) unique.set(key, b);
  }
  const kept = [...unique.values()];
  if (kept.length === 0) return 0;
  const result = await client.query(
    `INSERT INTO account_balances (id, scope_id, account_id, source, import_id, balance_type, amount, currency, reference_date)
     SELECT gen_random_uuid(), $1, $2, 'file', $3, b.type, b.amount, b.currency, b.day
       FROM unnest($4::text[], $5::numeric[], $6::text[], $7::text[]) AS b(type, amount, currency, day)`,
    [
      target.scopeId,
      target.accountId,
      target.importId,
      kept.map((b) => b.balanceType),
      kept.map((b) => b.amount),
      kept.map((b) => b.currency),
      kept.map((b) => b.referenceDate),
    ],
  );
  return result.rowCount ?? 0;
}

/**
 * An account kept from statement files (no consent, no sync to read the bank's balance) shows the
 * newest booked balance its files gave, in its own currency. A synced account keeps the bank's.
 */
async function showFileBalance(client: PoolClient, accountId: string): Promise<void> {
  await client.query(
    `UPDATE tracked_accounts t SET balance_amount = b.amount, balance_date = b.reference_date
       FROM (SELECT amount, reference_date FROM account_balances
              WHERE account_id = $1 AND source = 'file' AND balance_type IN ('closingBooked', 'interimBooked')
                AND currency = (SELECT currency FROM tracked_accounts WHERE id = $1)
              ORDER BY reference_date DESC, observed_at DESC, id DESC LIMIT 1) b
      WHERE t.id = $1 AND t.consent_id IS NULL`,
    [accountId],
  );
}

/**
 * Records the held import as failed with what a person reads: a refused file's reason (naming the line
 * or element), else that it failed while being read or imported. Nothing of the file is kept either
 * way. An attempt that no longer holds the import records nothing: the one that does goes on.
 */
export async function failImport(claim: ImportClaim, error: unknown, stage: "read" | "import"): Promise<void> {
  const { importId } = claim;
  const refused = isStatementFileError(error);
  const message = refused
    ? `The file was refused, and nothing of it was kept: ${error.message}`
    : stage === "read"
      ? "The file could not be read, and nothing of it was kept."
      : "The import failed, and nothing of the file was kept. Try again; if it fails again, tell us.";
  if (error instanceof ImportTakenOver || !(await moveImport(pool(), importId, "failed", { error: message, claim }))) {
    log.warn("statement import no longer held by this attempt (restarted or ended): it stops, recording nothing", {
      ...claim,
      error,
    });
    return;
  }
  if (refused) log.info("statement file refused", { importId, reason: error.message });
  else if (stage === "read") log.error("statement file could not be read", { importId, error });
  else log.error("statement import failed", { importId, error });
}

/**
 * Imports the file's statements (`items`: readCamt053's stream, or the items of parsed MT940/CSV
 * statements) under the import `claim` holds. Answers the counts; throws, after recording the import
 * as failed, what refused the file (a StatementFileError) or what failed; throws ImportTakenOver,
 * recording nothing, when the import was restarted away from this attempt.
 */
export async function importStatement(options: {
  claim: ImportClaim;
  items: AsyncIterable<StatementItem> | Iterable<StatementItem>;
  batchSize?: number;
}): Promise<ImportOutcome> {
  const { claim, items, batchSize = BATCH_SIZE } = options;
  const { importId } = claim;
  const counts = emptyCounts();
  try {
    const target = await targetOf(importId);
    await pgTransaction(async (client) => {
      await lockChangeFeed(client, target.accountId);
      const feedFrom = await feedPosition(client, target.accountId);
      await client.query(CREATE_PAIRED);
      const numbered = fileIdNumbering();
      const balances: StatementBalance[] = [];
      let header: StatementHeader | null = null;
      let batch: RowToWrite[] = [];
      const flush = async () => {
        await writeBatch(client, target, batch, counts);
        batch = [];
        if (!(await recordImportProgress(claim, { processed: counts.processed }))) throw new ImportTakenOver(claim);
        crashPoint("statements.batch-written");
      };
      for await (const item of items) {
        if (item.kind === "statement") {
          header = item.statement;
          assertStatementBelongs(header, target.account);
          for (const balance of header.balances) assertBalanceCurrency(balance, target.account);
          balances.push(...header.balances);
          continue;
        }
        if (!header) throw new Error("the reader gave an entry before its statement");
        const entry = item.entry;
        counts.entries += 1;
        counts.processed += 1;
        assertEntryCurrency(entry, target.account);
        if (entry.status !== "booked") {
          counts.skipped += 1;
          continue;
        }
        const day = entryDay(entry);
        if (day && (counts.dateFrom === null || day < counts.dateFrom)) counts.dateFrom = day;
        if (day && (counts.dateTo === null || day > counts.dateTo)) counts.dateTo = day;
        batch.push(entryRow(entry, header, numbered(entry), importId));
        if (batch.length >= batchSize) await flush();
      }
      await flush();
      counts.balances = await keepBalances(client, target, balances);
      await showFileBalance(client, target.accountId);
      // Announced as a sync run's changes are (lib/changes/announce.ts), sent if this commits.
      for (const event of await changesSince(client, target.accountId, feedFrom, {
        syncRunId: null,
        statementImportId: target.importId,
      }))
        await emitEvent(client, target.scopeId, event);
      if (!(await moveImport(client, importId, "succeeded", { counts, claim }))) throw new ImportTakenOver(claim);
    });
  } catch (error) {
    await failImport(claim, error, "import");
    throw error;
  }
  return { importId, counts };
}
