// GET /api/accounttracking/v1/accounts/{id}/statements/{importId} — scoped; accounts.read. One
// statement import with its progress (bytesProcessed of fileBytes) and, once ended, its counts or
// why the file was refused.
import { ACCOUNT_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { findImport } from "@/lib/statements/import/imports";
import { StatementImportSchema } from "@/lib/openapi/schemas/statements";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getStatementImport", "A statement import and its progress", {
    ...ACCOUNT_READ,
    responses: { 200: StatementImportSchema },
    handler: async ({ db, params, found: account }) => {
      if (!isUuid(params.importId ?? "")) throw notFound("Statement import");
      return { data: await findImport(db, account.id, params.importId) };
    },
  }),
});
