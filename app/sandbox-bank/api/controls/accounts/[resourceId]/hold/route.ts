// POST /sandbox-bank/api/controls/accounts/{resourceId}/hold — sandbox control (tests). The account's
// transaction reports wait until /release (or 20 s), so a test can act while a sync is at the bank.
import { holdTransactions } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const POST = controlRoute(holdTransactions);
