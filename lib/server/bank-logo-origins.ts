// Where the bank picker's logos may come from: the hosts of the enabled integrations' logos, and
// nothing else. The picker shows a logo as a plain <img> (no proxy of ours in between), so the
// page CSP's img-src lists these origins (lib/server/security-headers.ts), and a logo URL from
// anywhere else is dropped for the bank's initials (lib/accounttracking/consents/bank-directory.ts):
// a logo the policy would block never reaches the page.
//   Enable Banking: its ASPSP list's `logo` (https://enablebanking.com/brands/…).
//   GoCardless: the institution's `logo` (https://cdn-logos.gocardless.com/ais/…, as its published
//   API definition shows).
//   Sandbox bank: the banks process serves its banks' logos itself.
// An integration pointed at another API URL (the fakes in sandbox/, a proxy) has its logos served
// from that origin, so the API's origin is allowed too.
import { enableBankingConfig, env, goCardlessConfig, sandboxBankUrl } from "@/lib/env";

const ENABLE_BANKING_LOGOS = "https://enablebanking.com";
const GOCARDLESS_LOGOS = "https://cdn-logos.gocardless.com";

export function bankLogoOrigins(): string[] {
  const all = new Set<string>();
  if (env.SANDBOX_BANK_ENABLED) all.add(new URL(sandboxBankUrl()).origin);
  const eb = enableBankingConfig();
  if (eb) [ENABLE_BANKING_LOGOS, new URL(eb.apiUrl).origin].forEach((o) => all.add(o));
  const gc = goCardlessConfig();
  if (gc) [GOCARDLESS_LOGOS, new URL(gc.apiUrl).origin].forEach((o) => all.add(o));
  return [...all];
}

/** The logo if the page may show it (http(s), from an allowed origin), else null: initials instead. */
export function allowedLogo(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && bankLogoOrigins().includes(parsed.origin) ? parsed.toString() : null;
  } catch {
    // Not a URL at all: the bank gets its initials, as for a logo from a host the policy does not name.
    return null;
  }
}
