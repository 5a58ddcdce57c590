// import-statement, the verb: a file received (upload.ts) becomes a queued import with its job, or the
// earlier import of the same bytes. Decided before anything is queued: the format (told from the
// first bytes unless given), and for a CSV the layout it is read with (the one named, else the one
// the scope remembers for its header, else a built-in bank's); a CSV nobody has mapped yet is a 422
// saying to map it. The import row, its job and the audit row commit together; the bytes of a file
// that is refused or was imported already are let go at once.
import "server-only";
import type { TrackedAccount } from "@/lib/generated/prisma/client";
import type { AuditActor } from "@/lib/audit/actor";
import { actorUserId } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import { rows } from "@/lib/db/sql";
import { transaction, type Commit } from "@/lib/db/transaction";
import { validationFailed } from "@/lib/errors";
import { CsvLayout } from "@/lib/statements/csv-layout";
import type { StatementFormat } from "@/lib/statements/model";
import { sniffStatementFormat } from "@/lib/statements/statement-format";
import { MAX_WHOLE_READ_BYTES } from "@/lib/api/upload-limits";
import { boss, insertJobs, STATEMENT_IMPORT_QUEUE } from "@/lib/sync/queue";
import { asRefusal, csvHead, findLayout } from "./csv-layouts";
import { createStatementImport } from "./create-import";
import { discardUpload, type ReceivedUpload } from "./upload";

export type StatementImportJob = { importId: string };
/** Retried when the worker running it died; the repair tick restarts a stalled one sooner (run-import.ts). */
export const IMPORT_JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600 } as const;

async function layoutFor(scopeId: string, head: Uint8Array, layoutId: string | undefined): Promise<CsvLayout> {
  if (layoutId) {
    const named = await findLayout(scopeId, { id: layoutId });
    if (!named) throw validationFailed({ layoutId: ["No saved CSV layout has this id in this scope."] });
    return named.layout;
  }
  const { detected, signature } = asRefusal(() => csvHead(head));
  const saved = await findLayout(scopeId, { signature });
  if (saved) return saved.layout;
  if (detected.builtIn) return CsvLayout.parse(detected.layout);
  throw validationFailed(
    {
      layoutId: [
        "This CSV's columns are not known yet: map them in the column mapper (POST …/statements/preview), save the layout, and send its layoutId.",
      ],
    },
    "Map this CSV's columns first; nothing of it was kept.",
  );
}

function formatOf(head: Uint8Array, given: StatementFormat | undefined): StatementFormat {
  return given ?? asRefusal(() => sniffStatementFormat(head));
}

/**
 * Queues the import of a received file into the account (202), or answers the import that holds the
 * same bytes already (`isNew` false). What it refuses, it refuses with the bytes let go.
 */
export async function startImport(input: {
  account: TrackedAccount;
  upload: ReceivedUpload;
  fileName: string | null;
  format?: StatementFormat;
  layoutId?: string;
  actor: AuditActor;
  commit?: Commit<{ importId: string; isNew: boolean }>;
}) {
  const { account, upload, actor, commit = transaction } = input;
  try {
    const format = formatOf(upload.head, input.format);
    if (format !== "camt053" && upload.bytes > MAX_WHOLE_READ_BYTES)
      throw validationFailed({
        body: [
          `An ${format.toUpperCase()} file is read whole: at most ${MAX_WHOLE_READ_BYTES} bytes; split it by period.`,
        ],
      });
    const layout = format === "csv" ? await layoutFor(account.scopeId, upload.head, input.layoutId) : null;
    const started = await commit(async (tx) => {
      const created = await createStatementImport(tx, {
        scopeId: account.scopeId,
        accountId: account.id,
        format,
        fileName: input.fileName,
        fileSha256: upload.sha256,
        createdById: actorUserId(actor),
      });
      if (!created.isNew) return created;
      await rows(
        tx,
        `UPDATE statement_imports SET upload_id = $2::uuid, file_bytes = $3, csv_layout = $4::jsonb WHERE id = $1::uuid`,
        [created.importId, upload.uploadId, upload.bytes, layout ? JSON.stringify(layout) : null],
      );
      const data: StatementImportJob = { importId: created.importId };
      // One attempt at a time, retried only when the worker running it died (its transaction rolled back).
      await insertJobs(await boss(), tx, [{ name: STATEMENT_IMPORT_QUEUE, data, ...IMPORT_JOB_OPTIONS }]);
      await recordAudit(tx, account.scopeId, actor, {
        action: "account.statement_imported",
        recordType: "account",
        recordId: account.id,
        after: { importId: created.importId, fileName: input.fileName, format, bytes: upload.bytes },
      });
      return created;
    });
    if (!started.isNew) await discardUpload(upload.uploadId);
    return started;
  } catch (error) {
    await discardUpload(upload.uploadId);
    throw error;
  }
}
