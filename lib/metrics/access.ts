// Who may read metrics: with METRICS_TOKEN set, a request bearing it (compared in constant time);
// without one, only a caller on this machine, as the HTTP layer decided it from the socket
// (lib/server/local-caller.ts): a loopback peer with no proxy header, or a loopback caller named by a
// trusted proxy.
import { timingSafeEqual } from "node:crypto";

export type MetricsAccess = "allowed" | "unauthenticated" | "forbidden";

export function metricsAccess(
  request: { authorization: string | null; local: boolean },
  token: string | undefined,
): MetricsAccess {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.authorization ?? "")?.[1] ?? "";
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b) ? "allowed" : "unauthenticated";
  }
  return request.local ? "allowed" : "forbidden";
}
