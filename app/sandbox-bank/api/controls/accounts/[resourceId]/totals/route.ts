// GET /sandbox-bank/api/controls/accounts/{resourceId}/totals?asOf=YYYY-MM-DD — sandbox control.
// The bank's truth: booked/pending counts and sums as the transactions endpoint reports them.
import { accountTotals } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const GET = controlRoute(accountTotals);
