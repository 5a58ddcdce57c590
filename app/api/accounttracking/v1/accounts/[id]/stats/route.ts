// GET /api/accounttracking/v1/accounts/{id}/stats — scoped; accounts.read. The bank's balance,
// booked/pending counts, inflow/outflow/net per month (all months; own-account transfers apart),
// top 10 counterparts by count (transfers left out).
import { ACCOUNT_READ } from "@/lib/api/records";
import { StatsSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";

import { accountStats } from "@/lib/accounttracking/accounts/stats";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getAccountStats", "An account's balance, counts, monthly in/out and top counterparts", {
    description: "Over the whole history; own-account transfers apart.",
    ...ACCOUNT_READ,
    responses: { 200: StatsSchema },
    handler: async ({ found: account }) => ({ data: await accountStats(account) }),
  }),
});
