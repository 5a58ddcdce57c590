// GET /api/accounttracking/v1/accounts/{id}/balances — scoped; accounts.read. The daily balance
// series over a span (default: the 90 days up to the newest balance; at most 3,660 days), each day
// the bank's or a file's figure where one is given for its end, else derived from the nearest given
// one and the booked transactions in between (`kind` says which), with every balance kept for those
// days. One currency at a time (default: the account's).
import { ACCOUNT_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { balanceSeries } from "@/lib/accounttracking/accounts/ledger";
import { BalanceSeriesQuery } from "@/lib/accounttracking/schemas";
import { BalanceSeriesSchema } from "@/lib/openapi/schemas/ledger";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getBalanceSeries", "An account's daily balances and the balances kept", {
    description:
      "Each day's booked balance at its end: given by the bank or a statement file, or derived from the nearest given one and the booked transactions in between.",
    ...ACCOUNT_READ,
    query: BalanceSeriesQuery,
    responses: { 200: BalanceSeriesSchema },
    handler: async ({ query, found: account }) => ({ data: await balanceSeries(account, query) }),
  }),
});
