// POST /sandbox-bank/api/controls/clock/reset — sandbox control. Sets the clock offset back to 0.
import { postClockReset } from "@/lib/sandbox-bank/controls";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const POST = bankRoute(postClockReset);
