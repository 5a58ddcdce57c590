// A statement file imported into a tracked account, from its bytes, in the caller's process: the
// import row first (so a refused file is on record with its reason), then, holding it (lifecycle.ts
// holdImport), the file read and validated, then importStatement. The account's scope is the
// caller's to have checked. The same bytes again find the import that holds them and write nothing
// (create-import.ts).
import "server-only";
import { pool } from "@/lib/db/client";
import type { CsvLayout } from "@/lib/statements/csv-layout";
import type { StatementFormat } from "@/lib/statements/model";
import { createStatementImport, fileSha256 } from "./create-import";
import { failImport, importStatement } from "./import-statement";
import { holdImport } from "./lifecycle";
import { formatOf, readStatementFile } from "./read-file";

export type ImportFileResult = { importId: string; isNew: boolean };

/**
 * Imports `bytes` into the account. Answers the import's id (`isNew` false: these bytes were imported
 * already, nothing was written); throws what refused the file, after recording the import as failed.
 */
export async function importStatementFile(input: {
  scopeId: string;
  accountId: string;
  bytes: Uint8Array;
  fileName: string | null;
  createdById: string | null;
  format?: StatementFormat;
  layout?: CsvLayout;
}): Promise<ImportFileResult> {
  const format = formatOf(input.bytes, input.format);
  const created = await createStatementImport(pool(), {
    scopeId: input.scopeId,
    accountId: input.accountId,
    format,
    fileName: input.fileName,
    fileSha256: fileSha256(input.bytes),
    createdById: input.createdById,
  });
  if (!created.isNew) return created;
  await holdImport(created.importId, async (claim) => {
    let items;
    try {
      ({ items } = await readStatementFile(input.bytes, { format, layout: input.layout }));
    } catch (error) {
      await failImport(claim, error, "read");
      throw error;
    }
    await importStatement({ claim, items });
  });
  return created;
}
