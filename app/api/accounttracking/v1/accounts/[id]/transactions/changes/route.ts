// GET /api/accounttracking/v1/accounts/{id}/transactions/changes — scoped; accounts.read (App tokens
// too). What changed in the account's transactions since the cursor: added, modified (at their
// current state) and removed, each once, in the order they changed, perPage at a time; page while
// meta.hasMore, keep meta.nextCursor for next time. No cursor: every current transaction is added.
// A cursor older than the change history kept → 410 cursor_expired (start again without one).
import { ACCOUNT_READ } from "@/lib/api/records";
import { withMeta } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { readAccountChanges } from "@/lib/changes/feed";
import { ChangesQuery } from "@/lib/changes/schemas";
import { ChangesMetaSchema, ChangesSchema } from "@/lib/openapi/schemas/changes";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listAccountTransactionChanges", "What changed in the account's transactions since a cursor", {
    description:
      "A connector follows this feed instead of re-reading every page after every sync. Written in the same database transaction as the changes, so it never shows a change that did not commit nor misses one that did. `perPage` default 200, max 1000.",
    ...ACCOUNT_READ,
    query: ChangesQuery,
    errors: ["cursor_expired"],
    responses: { 200: withMeta(ChangesSchema, ChangesMetaSchema) },
    handler: async ({ query, found: account }) => readAccountChanges(account.id, query),
  }),
});
