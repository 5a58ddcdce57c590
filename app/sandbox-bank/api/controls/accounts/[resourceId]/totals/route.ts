// GET /sandbox-bank/api/controls/accounts/{resourceId}/totals?asOf=YYYY-MM-DD — sandbox control.
// The bank's truth: booked/pending counts and sums as the transactions endpoint reports them.
import { accountTotals } from "@/lib/sandbox-bank/controls";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(accountTotals);
