// GET /api/accounttracking/v1/accounts/{id}/reconciliation/months — scoped; accounts.read. The
// account's months, newest first (at most 24): closed ones with who closed them on which balances
// and whether a transaction inside changed since; open ones with whether they can be closed on the
// balances known.
import { ACCOUNT_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { monthsOf } from "@/lib/accounttracking/accounts/ledger";
import { MonthsQuery } from "@/lib/accounttracking/schemas";
import { ReconciliationMonthsSchema } from "@/lib/openapi/schemas/ledger";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listReconciliationMonths", "An account's months and their reconciliation", {
    ...ACCOUNT_READ,
    query: MonthsQuery,
    responses: { 200: ReconciliationMonthsSchema },
    handler: async ({ query, found: account }) => ({ data: await monthsOf(account, query.currency) }),
  }),
});
