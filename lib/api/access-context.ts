import { clientAddress } from "@/lib/api/rate-limit";
import type { Principal } from "@/lib/auth/principal";
import type { AccessContext } from "@/lib/banking/types";

const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)$/i;

/**
 * A person in their browser session is present, so the bank is told their address (an attended
 * access, outside the 4-a-day unattended budget). Personal access tokens (scripts, nobody present),
 * App tokens and the scheduler are unattended: no PSU-IP-Address.
 */
export function accessContext(request: Request, principal: Principal | null, requestId: string): AccessContext {
  if (!principal || principal.kind !== "user" || principal.via !== "session") return { psuIpAddress: null, requestId };
  return presentContext(request, requestId);
}

/**
 * The account holder's own browser, present whoever they are to us: the bank's redirect back to our
 * callback (they have just approved at the bank), so what the approval reads there is attended.
 */
export function presentContext(request: Request, requestId: string): AccessContext {
  const address = clientAddress(request);
  return { psuIpAddress: IP.test(address) ? address : "0.0.0.0", requestId };
}
