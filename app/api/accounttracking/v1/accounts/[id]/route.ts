// GET /api/accounttracking/v1/accounts/{id} — scoped; accounts.read. The account with its latest sync.
import { AccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { findAccount, latestRun, serializeAccount } from "@/lib/accounttracking/accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "getAccount",
    tag: "Tracked accounts",
    summary: "Get a tracked account",
    auth: "any",
    readOnly: true,
    scoped: true,
    capability: "accounts.read",
    afterLookup: true,
    uuidParams: ["id"],
    responses: { 200: AccountSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const account = await findAccount(db, scope.scopeId, params.id);
      authorize("accounts.read");
      return { data: serializeAccount(account, await latestRun(db, account.id)) };
    },
  }),
});
