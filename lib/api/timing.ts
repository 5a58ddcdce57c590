// Server-Timing (W3C) on our API answers: the time from the request's arrival at the server to the
// answer, for callers tracing latency. The HTTP server (lib/server/http-server.ts) stamps the arrival
// in `x-ll-received` (performance.now(): the process's monotonic clock, which the server and the
// handlers share; any value a client sent is replaced). A handler called without that server (a
// test) counts from its own start. `auth` says where the credentials were checked: `kept` (this
// process's principal cache, lib/auth/principal-cache.ts) or `read` (the database).
import type { CredentialSource } from "@/lib/auth/principal-cache";

export const RECEIVED_HEADER = "x-ll-received";

export function serverTiming(
  request: Request,
  handlerStart = performance.now(),
  auth?: CredentialSource,
): { "server-timing": string } {
  const now = performance.now();
  const stamped = Number(request.headers.get(RECEIVED_HEADER) ?? Number.NaN);
  const from = Number.isFinite(stamped) && stamped > 0 && stamped <= now ? stamped : handlerStart;
  const app = `app;dur=${(now - from).toFixed(2)}`;
  return { "server-timing": auth ? `${app}, auth;desc=${auth}` : app };
}
