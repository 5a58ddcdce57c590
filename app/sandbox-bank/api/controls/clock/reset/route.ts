// POST /sandbox-bank/api/controls/clock/reset — sandbox control. Sets the clock offset back to 0.
import { postClockReset } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const POST = controlRoute(postClockReset);
