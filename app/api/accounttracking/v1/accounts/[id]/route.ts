// GET /api/accounttracking/v1/accounts/{id} — scoped; accounts.read. The account with its latest sync.
import { methods, route } from "@/lib/api/route";
import { findAccount, latestRun, serializeAccount } from "@/lib/accounttracking/accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    readOnly: true,
    scoped: true,
    uuidParams: ["id"],
    handler: async ({ db, scope, params, authorize }) => {
      const account = await findAccount(db, scope.scopeId, params.id);
      authorize("accounts.read");
      return { data: serializeAccount(account, await latestRun(db, account.id)) };
    },
  }),
});
