// Which bank connections are live (shown first, one row each) and which are history (every attempt
// that ended: declined or cancelled at the bank, renewed, revoked, expired, or never finished).
import type { Consent } from "@/lib/client/accounttracking";

/**
 * A connection still pending after this long was not finished at the bank: its redirect link lasts
 * 15 minutes, and the bank confirms an approval within seconds (the repair tick asks again for one
 * it could not confirm), so after an hour it is history, not a live connection.
 */
export const PENDING_STALE_MS = 60 * 60_000;

const newestFirst = (a: Consent, b: Consent) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

export function isLive(consent: Pick<Consent, "status" | "createdAt">, now = Date.now()): boolean {
  if (consent.status === "valid") return true;
  return consent.status === "pending" && now - Date.parse(consent.createdAt) < PENDING_STALE_MS;
}

export function groupConsents(consents: Consent[], now = Date.now()): { live: Consent[]; history: Consent[] } {
  const live = consents.filter((c) => isLive(c, now)).sort(newestFirst);
  const history = consents.filter((c) => !isLive(c, now)).sort(newestFirst);
  return { live, history };
}
