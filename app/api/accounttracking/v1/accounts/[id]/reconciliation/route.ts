// GET /api/accounttracking/v1/accounts/{id}/reconciliation — scoped; accounts.read. Whether the
// opening balance + the booked transactions in between = the closing balance, exactly, between two
// days whose ends have a booked balance (default: the first and the newest known). When it does
// not hold, `windows` names the days the difference can lie in (narrowed by the balances known in
// between), by how much, and what can be done: read them again from the bank, or import a file.
import { ACCOUNT_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { reconciliationOf } from "@/lib/accounttracking/accounts/ledger";
import { ReconciliationQuery } from "@/lib/accounttracking/schemas";
import { ReconciliationSchema } from "@/lib/openapi/schemas/ledger";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getReconciliation", "Reconcile an account between two balance points", {
    description:
      "opening + booked = closing, exactly; otherwise the windows of days the difference lies in, each with its remedies.",
    ...ACCOUNT_READ,
    query: ReconciliationQuery,
    responses: { 200: ReconciliationSchema },
    handler: async ({ query, found: account }) => ({ data: await reconciliationOf(account, query) }),
  }),
});
