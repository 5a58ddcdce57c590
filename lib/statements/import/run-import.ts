// The statement-import job: the worker reads an uploaded file back from its chunks and imports it
// (import-statement.ts, one transaction). A camt.053 streams through the reader chunk by chunk, so a
// 100,000-entry file is never held whole (its schema is checked first when it is small enough to
// hold, docs/statements.md); MT940 and CSV are read whole (at most MAX_WHOLE_READ_BYTES). Each chunk
// read moves the import's bytes_processed, the progress bar's measure.
//
// Crash safety: everything the import writes commits in one transaction with its move to succeeded.
// A worker that dies mid-import leaves the import running and nothing written; pg-boss gives the job
// to another worker once it expires, which moves it back to queued (the lifecycle's "restarted") and
// runs it again from the first byte. An import already ended is left alone. The bytes are let go once
// it has ended either way.
import "server-only";
import { Readable } from "node:stream";
import { pool } from "@/lib/db/client";
import { log } from "@/lib/log";
import { readCamt053 } from "@/lib/statements/camt053";
import { assertCamt053Schema, XSD_VALIDATION_MAX_BYTES } from "@/lib/statements/camt053-schema";
import { CsvLayout } from "@/lib/statements/csv-layout";
import { isStatementFileError } from "@/lib/statements/errors";
import type { StatementFormat } from "@/lib/statements/model";
import { importStatement } from "./import-statement";
import { canMoveImport, moveImport } from "./lifecycle";
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

async function itemsOf(importId: string, row: Queued & { upload_id: string }) {
  const size = Number(row.file_bytes);
  if (row.format === "camt053") {
    if (size <= XSD_VALIDATION_MAX_BYTES) await assertCamt053Schema(await uploadBytes(row.upload_id));
    return readCamt053(Readable.from(uploadChunks(row.upload_id, importId)));
  }
  const bytes = await uploadBytes(row.upload_id);
  await pool().query("UPDATE statement_imports SET bytes_processed = file_bytes WHERE id = $1", [importId]);
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
  // Found running: the worker that had it died (the job came back); its transaction rolled back.
  if (canMoveImport(row.state, "queued")) {
    await moveImport(pool(), importId, "queued");
    await pool().query("UPDATE statement_imports SET bytes_processed = 0, processed = 0 WHERE id = $1", [importId]);
  } else if (!canMoveImport(row.state, "running")) return;
  const uploadId = row.upload_id;
  try {
    let items;
    try {
      items = await itemsOf(importId, { ...row, upload_id: uploadId });
    } catch (error) {
      // Refused before any entry was read (the schema, an unreadable CSV): on record with its reason.
      const message = isStatementFileError(error)
        ? `The file was refused, and nothing of it was kept: ${error.message}`
        : "The file could not be read, and nothing of it was kept.";
      if (!isStatementFileError(error)) log.error("statement file could not be read", { importId, error });
      await moveImport(pool(), importId, "failed", { error: message });
      return;
    }
    await importStatement({ importId, items }).catch((error: unknown) => {
      // importStatement recorded the failure with its reason; a refused file is the person's to fix.
      if (!isStatementFileError(error)) throw error;
    });
    await pool().query("UPDATE statement_imports SET bytes_processed = file_bytes WHERE id = $1", [importId]);
  } finally {
    await discardUpload(uploadId);
  }
}
