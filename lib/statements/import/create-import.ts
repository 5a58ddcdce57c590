// A statement import's row, created before its file is read: the account, the format, the file's
// name and SHA-256, who asked. The same bytes imported into the same account again find the import
// that holds them (queued, running or succeeded: a partial unique index, migration
// statement_imports) and create nothing, so a second upload of a file is a no-op, not a double. A
// failed import does not hold its file: the person may try it again.
import "server-only";
import { createHash } from "node:crypto";
import type { StatementFormat } from "@/lib/generated/prisma/client";
import { rows, type SqlDb } from "@/lib/db/sql";
import { importSql } from "./lifecycle";

export function fileSha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export type CreatedImport = { importId: string; isNew: boolean };

/** Creates the queued import, or answers the one that already holds these bytes for the account. */
export async function createStatementImport(
  db: SqlDb,
  input: {
    scopeId: string;
    accountId: string;
    format: StatementFormat;
    fileName: string | null;
    fileSha256: string;
    createdById: string | null;
  },
): Promise<CreatedImport> {
  const [created] = await rows<{ id: string }>(
    db,
    `INSERT INTO statement_imports (id, scope_id, account_id, format, file_name, file_sha256, created_by_id)
     VALUES (gen_random_uuid(), $1, $2, $3::statement_format, $4, $5, $6)
     ON CONFLICT (account_id, file_sha256) WHERE ${importSql.holdsFile()} DO NOTHING
     RETURNING id`,
    [input.scopeId, input.accountId, input.format, input.fileName, input.fileSha256, input.createdById],
  );
  if (created) return { importId: created.id, isNew: true };
  const [held] = await rows<{ id: string }>(
    db,
    `SELECT id FROM statement_imports i WHERE i.account_id = $1 AND i.file_sha256 = $2 AND ${importSql.holdsFile("i")}`,
    [input.accountId, input.fileSha256],
  );
  if (!held) throw new Error("the import holding this file ended as failed meanwhile; try again");
  return { importId: held.id, isNew: false };
}
