// Who may use the banks' controls (clocks, forced consent states, totals, holds): the operator, who
// holds SANDBOX_CONTROL_SECRET and sends it in X-Sandbox-Control. There is no other way in; without a
// configured secret every control refuses. Moving a bank's clock or ending consents changes what every
// user of the deployment sees.
import { createHash, timingSafeEqual } from "node:crypto";

export const CONTROL_HEADER = "x-sandbox-control";

const digest = (v: string) => createHash("sha256").update(v).digest();

/** True only when a secret is configured and the request carries exactly it. */
export function isOperator(request: Request, secret: string | null): boolean {
  const given = request.headers.get(CONTROL_HEADER);
  if (!secret || given === null) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

export const CONTROL_REFUSAL = `Sandbox controls need the operator's secret in ${CONTROL_HEADER}.`;
export const CONTROL_CHALLENGE = { "www-authenticate": 'Bearer realm="ledgerlink-sandbox-controls"' };
