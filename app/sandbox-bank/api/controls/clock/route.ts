// GET/POST /sandbox-bank/api/controls/clock — sandbox control. GET → {today, offsetDays};
// POST {advanceDays: n} moves the sandbox clock forward (dates, expiry, access budget follow it).
import { getClock, postClock } from "@/lib/sandbox-bank/controls";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(getClock);
export const POST = bankRoute(postClock);
