// Who may read metrics: with METRICS_TOKEN set, a request bearing it (compared in constant time);
// without one, only a direct connection from this machine — a loopback peer with no forwarding
// header, since a reverse proxy on this machine would make every outside caller look local.
import { timingSafeEqual } from "node:crypto";

export type MetricsAccess = "allowed" | "unauthenticated" | "forbidden";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

export function metricsAccess(
  request: { authorization: string | null; peer: string | null; forwarded: boolean },
  token: string | undefined,
): MetricsAccess {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.authorization ?? "")?.[1] ?? "";
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b) ? "allowed" : "unauthenticated";
  }
  const peer = (request.peer ?? "").replace(/^::ffff:/, "");
  return LOOPBACK.test(peer) && !request.forwarded ? "allowed" : "forbidden";
}
