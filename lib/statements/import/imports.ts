// Reading statement imports for the API: an account's, newest first, and one by id (scoped by its
// account, so another scope's import is a 404 like a missing one).
import "server-only";
import { pool } from "@/lib/db/client";
import { rows, type SqlDb } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import type { ImportCounts } from "./lifecycle";

/** A row as SELECT reads it: its counts are the columns moveImport writes (the dates under their own names). */
type ImportRow = Omit<ImportCounts, "dateFrom" | "dateTo"> & {
  id: string;
  account_id: string;
  format: string;
  file_name: string | null;
  state: string;
  file_bytes: string;
  bytes_processed: string;
  date_from: string | null;
  date_to: string | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
};

const SELECT = `SELECT id, account_id, format::text, file_name, state::text, file_bytes::text, bytes_processed::text, entries,
  added, matched, unchanged, skipped, balances, processed, date_from, date_to, error, created_at, finished_at
  FROM statement_imports`;

export const importView = (r: ImportRow) => ({
  id: r.id,
  accountId: r.account_id,
  format: r.format as "camt053" | "mt940" | "csv",
  fileName: r.file_name,
  state: r.state as "queued" | "running" | "succeeded" | "failed",
  fileBytes: Number(r.file_bytes),
  bytesProcessed: Math.min(Number(r.bytes_processed), Number(r.file_bytes)),
  counts: {
    entries: r.entries,
    added: r.added,
    matched: r.matched,
    unchanged: r.unchanged,
    skipped: r.skipped,
    balances: r.balances,
    processed: r.processed,
  },
  dateFrom: r.date_from,
  dateTo: r.date_to,
  error: r.error,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

export type StatementImportView = ReturnType<typeof importView>;

/** The account's imports, newest first (at most 100). */
export async function listImports(accountId: string): Promise<StatementImportView[]> {
  const found = await rows<ImportRow>(
    pool(),
    `${SELECT} WHERE account_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT 100`,
    [accountId],
  );
  return found.map(importView);
}

export async function findImport(db: SqlDb, accountId: string, importId: string): Promise<StatementImportView> {
  const found = await rows<ImportRow>(db, `${SELECT} WHERE account_id = $1::uuid AND id = $2::uuid`, [
    accountId,
    importId,
  ]);
  if (!found[0]) throw notFound("Statement import");
  return importView(found[0]);
}
