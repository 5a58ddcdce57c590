// The statement-import job: the worker reads an uploaded file back from its chunks and imports it
// (import-statement.ts, one transaction). A camt.053 streams through the reader chunk by chunk, so a
// 100,000-entry file is never held whole (its schema is checked first when it is small enough to
// hold, docs/statements.md); MT940 and CSV are read whole (at most MAX_WHOLE_READ_BYTES). Each chunk
// read moves the import's bytes_processed, the progress bar's measure.
//
// Crash safety: everything the import writes commits in one transaction with its move to succeeded.
// A worker that dies mid-import leaves the import running and nothing written; its heartbeat (every
// quarter of SYNC_STALE_SECONDS while it holds the import, lifecycle.ts holdImport) goes stale, and
// the repair tick (restartStalledImports) moves it back to queued (the lifecycle's "restarted") with a
// new job, which runs it again from the first byte as a new attempt; a job that comes back from
// pg-boss after its expiry does the same. An import that is running under a live heartbeat, or has
// ended, is left alone. The bytes are let go once it has ended either way (never while it is still to
// be finished, whichever attempt stops).
import "server-only";
import { Readable } from "node:stream";
import { pool } from "@/lib/db/client";
import { readCamt053 } from "@/lib/statements/camt053";
import { assertCamt053Schema, XSD_VALIDATION_MAX_BYTES } from "@/lib/statements/camt053-schema";
import { CsvLayout } from "@/lib/statements/csv-layout";
import { isStatementFileError } from "@/lib/statements/errors";
import type { StatementFormat } from "@/lib/statements/model";
import { env } from "@/lib/env";
import { failImport, importStatement } from "./import-statement";
import {
  canMoveImport,
  holdImport,
  type ImportClaim,
  importSql,
  ImportTakenOver,
  moveImport,
  recordImportProgress,
} from "./lifecycle";
import { IMPORT_JOB_OPTIONS, type StatementImportJob } from "./start-import";
import { announceJob, boss, STATEMENT_IMPORT_QUEUE } from "@/lib/sync/queue";
import { readStatementFile } from "./read-file";
import { discardUpload, uploadBytes, uploadChunks } from "./upload";
import type { StatementImportState } from "@/lib/generated/prisma/client";

type Queued = {
  state: StatementImportState;
  format: StatementFormat;
  upload_id: string | null;
  file_bytes: string;
  csv_layout: unknown;
};

async function itemsOf(claim: ImportClaim, row: Queued & { upload_id: string }) {
  const size = Number(row.file_bytes);
  if (row.format === "camt053") {
    if (size <= XSD_VALIDATION_MAX_BYTES) await assertCamt053Schema(await uploadBytes(row.upload_id));
    const chunks = uploadChunks(row.upload_id, (bytes) => recordImportProgress(claim, { bytes }));
    return readCamt053(Readable.from(chunks));
  }
  const bytes = await uploadBytes(row.upload_id);
  await recordImportProgress(claim, { bytes: "all" });
  const layout = row.csv_layout ? CsvLayout.parse(row.csv_layout) : undefined;
  return (await readStatementFile(bytes, { format: row.format, layout })).items;
}

/** The job: imports the uploaded file of `importId`, or does nothing when that import has ended. */
export async function runStatementImport(importId: string): Promise<void> {
  const { rows } = await pool().query<Queued>(
    "SELECT state, format, upload_id, file_bytes::text AS file_bytes, csv_layout FROM statement_imports WHERE id = $1",
    [importId],
  );
  const row = rows[0];
  if (!row || !row.upload_id) return;
  const uploadId = row.upload_id;
  // Found running: the job came back. Restarted only if its worker stopped beating (its transaction
  // rolled back); a live worker keeps it.
  if (
    canMoveImport(row.state, "queued") &&
    !(await moveImport(pool(), importId, "queued", { stalledFor: env.SYNC_STALE_SECONDS }))
  )
    return;
  try {
    await holdImport(importId, async (claim) => {
      let items;
      try {
        items = await itemsOf(claim, { ...row, upload_id: uploadId });
      } catch (error) {
        // Refused before any entry was read (the schema, an unreadable CSV): on record with its reason.
        await failImport(claim, error, "read");
        return;
      }
      await importStatement({ claim, items }).catch((error: unknown) => {
        // importStatement recorded the failure with its reason; a refused file is the person's to fix,
        // and an attempt restarted away from has nothing to record.
        if (!isStatementFileError(error) && !(error instanceof ImportTakenOver)) throw error;
      });
    });
  } finally {
    await discardUpload(uploadId);
  }
}

/**
 * The repair tick's part: imports running with no sign of life for `staleSeconds` (the worker died
 * mid-import; its transaction rolled back) go back to queued with a job of their own. A worker that
 * is only slow and still alive loses nothing: its commit needs the import still running, and the
 * restarted run waits for the account's change-feed lock the first holds, then finds it ended.
 */
export async function restartStalledImports(staleSeconds: number): Promise<number> {
  const { rows } = await pool().query<{ id: string }>(
    `SELECT id FROM statement_imports WHERE ${importSql.stalled("$1")} ORDER BY created_at LIMIT 20`,
    [staleSeconds],
  );
  let restarted = 0;
  for (const { id } of rows) {
    if (!(await moveImport(pool(), id, "queued", { stalledFor: staleSeconds }))) continue;
    const data: StatementImportJob = { importId: id };
    await (await boss()).send(STATEMENT_IMPORT_QUEUE, data, IMPORT_JOB_OPTIONS);
    await announceJob(STATEMENT_IMPORT_QUEUE);
    restarted += 1;
  }
  return restarted;
}
