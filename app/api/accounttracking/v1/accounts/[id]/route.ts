// GET /api/accounttracking/v1/accounts/{id} — scoped; accounts.read. The account with its latest sync.
import { ACCOUNT_READ } from "@/lib/api/records";
import { AccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { accountView } from "@/lib/accounttracking/accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getAccount", "Get a tracked account", {
    ...ACCOUNT_READ,
    readOnly: true,
    responses: { 200: AccountSchema },
    handler: async ({ db, found: account }) => ({ data: await accountView(db, account) }),
  }),
});
