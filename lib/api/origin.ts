// Cross-site request refusal for writes made with the session cookie (bearer tokens are not sent
// by browsers on their own, so they need no such check). A write is accepted only when:
// - `Sec-Fetch-Site`, when the browser sends it, is `same-origin` (or `none`: typed by the person);
//   `cross-site` and `same-site` (a sibling subdomain is another origin) are refused, Origin or not;
// - `Origin`, when sent, equals our origin in full: scheme, host and port. Ours is APP_URL's
//   origin; without APP_URL, also the request's own (Host, and the request's scheme), where
//   `X-Forwarded-Host`/`X-Forwarded-Proto` count only when the socket peer is in TRUSTED_PROXIES.
import { ApiError } from "@/lib/errors";
import type { Principal } from "@/lib/auth/principal";
import { appUrl, env, trustedProxies } from "@/lib/env";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type OriginConfig = { appUrl: string; appUrlSet: boolean; proxies: string[] };

const fromEnv = (): OriginConfig => ({
  appUrl: appUrl(),
  appUrlSet: env.APP_URL !== undefined,
  proxies: trustedProxies(),
});

/** The origins a same-origin write may come from. */
function expectedOrigins(request: Request, config: OriginConfig = fromEnv()): Set<string> {
  const origins = new Set([new URL(config.appUrl).origin]);
  if (config.appUrlSet) return origins;
  const viaProxy = config.proxies.includes(request.headers.get("x-ll-peer") ?? "");
  const first = (name: string) =>
    (viaProxy ? request.headers.get(name)?.split(",")[0]?.trim() : undefined) || undefined;
  const host = first("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  const proto = first("x-forwarded-proto") ?? new URL(request.url).protocol.replace(/:$/, "");
  try {
    origins.add(new URL(`${proto}://${host}`).origin);
  } catch {
    // a malformed Host names no origin of ours
  }
  return origins;
}

const refused = () => new ApiError("forbidden", "Cross-site requests with a session cookie are refused.");

export function checkSameOrigin(request: Request, principal: Principal | null, config?: OriginConfig): void {
  if (!principal || principal.kind !== "user" || principal.via !== "session") return;
  if (!WRITE_METHODS.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") throw refused();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  if (!expectedOrigins(request, config).has(origin)) throw refused();
}
