// Whether a request comes from this machine, decided where the socket is known (the HTTP layer,
// lib/server/http-server.ts) and handed to Next in `x-ll-local`, which replaces anything a client
// sent: Next adds X-Forwarded-For to every request it serves, so past this point a direct caller and
// a forwarded one look alike. Read by the metrics rule (lib/metrics/access.ts) and the worker's own
// metrics port (lib/metrics/worker-endpoint.ts).
//
// A socket peer that is not a trusted proxy is the caller: local when it is loopback and the request
// carries no proxy header (a proxy on this machine that is not in TRUSTED_PROXIES would otherwise make
// every outside caller look local). Behind a trusted proxy the caller is X-Forwarded-For's, read as
// the rate limiter reads it; a trusted proxy that names no caller is not taken for one.
import type { IncomingHttpHeaders } from "node:http";
import { forwardedCaller } from "@/lib/api/forwarded-for";

export const LOCAL_HEADER = "x-ll-local";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

const unmapped = (address: string) => address.replace(/^::ffff:/i, "");

export function isLocalCaller(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  proxies: readonly string[],
): boolean {
  const from = unmapped(peer ?? "");
  if (!proxies.includes(from)) return LOOPBACK.test(from) && PROXY_HEADERS.every((h) => headers[h] === undefined);
  const hops = headers["x-forwarded-for"];
  const caller = forwardedCaller(Array.isArray(hops) ? hops.join(",") : hops, proxies);
  return caller !== null && LOOPBACK.test(unmapped(caller));
}
