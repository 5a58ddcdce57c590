// GET  /api/accounttracking/v1/accounts/{id}/statements — scoped; accounts.read. The account's
//      statement imports, newest first.
// POST /api/accounttracking/v1/accounts/{id}/statements — a person with accounts.setup; the body is
//      the file (camt.053, MT940 or CSV, at most 256 MiB), streamed to storage as it arrives, never
//      held whole. 202 with the queued import (the worker imports it; poll …/statements/{importId});
//      200 with the earlier import when these bytes were imported into the account already (nothing
//      is written twice); 422 when the file is not a statement or a CSV's columns are not mapped yet.
import { z } from "zod";
import { accountRoute, ACCOUNT_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { streamUpload } from "@/lib/api/upload";
import { listImports, findImport } from "@/lib/statements/import/imports";
import { startImport } from "@/lib/statements/import/start-import";
import { MAX_STATEMENT_BYTES } from "@/lib/api/upload-limits";
import { receiveUpload } from "@/lib/statements/import/upload";
import { StatementImportSchema } from "@/lib/openapi/schemas/statements";

const STATEMENT_MEDIA_TYPES = ["application/xml", "text/xml", "text/plain", "text/csv", "application/octet-stream"];

const UploadQuery = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1, "fileName must not be empty")
    .max(255, "fileName is at most 255 characters")
    .optional(),
  format: z.enum(["camt053", "mt940", "csv"], { message: "format is camt053, mt940 or csv" }).optional(),
  layoutId: z.uuid({ message: "layoutId is a saved CSV layout's id" }).optional(),
});

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listStatementImports", "An account's statement imports", {
    ...ACCOUNT_READ,
    responses: { 200: z.array(StatementImportSchema) },
    handler: async ({ found: account }) => ({ data: await listImports(account.id) }),
  }),
  POST: route("importStatement", "Import a statement file (camt.053, MT940, CSV) into the account", {
    description:
      "Entries already there from the bank's feed are matched, never doubled; the file's balances join the balance history.",
    ...accountRoute("user", "accounts.setup"),
    query: UploadQuery,
    upload: {
      mediaTypes: STATEMENT_MEDIA_TYPES,
      maxBytes: MAX_STATEMENT_BYTES,
      description: "The statement file's bytes as they are.",
    },
    responses: { 202: StatementImportSchema, 200: StatementImportSchema },
    errors: ["validation_failed", "payload_too_large"],
    handler: async ({ request, query, found: account, answer, actor }) => {
      const upload = await receiveUpload((sink) => streamUpload(request, MAX_STATEMENT_BYTES, sink));
      const input = {
        account,
        upload,
        fileName: query.fileName ?? null,
        format: query.format,
        layoutId: query.layoutId,
        actor,
      };
      return answer(startImport, input, async (started, db) => ({
        status: started.isNew ? 202 : 200,
        data: await findImport(db, account.id, started.importId),
      }));
    },
  }),
});
