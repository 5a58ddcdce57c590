// GET/POST /sandbox-bank/api/controls/clock — sandbox control. GET → {today, offsetDays};
// POST {advanceDays: n} moves the sandbox clock forward (dates, expiry, access budget follow it).
import { getClock, postClock } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const GET = controlRoute(getClock);
export const POST = controlRoute(postClock);
