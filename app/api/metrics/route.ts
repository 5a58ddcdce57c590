// GET /api/metrics — Prometheus text format (lib/metrics/scrape.ts): this server's metrics, the
// sync worker's on this machine, and the queue read from the database. With METRICS_TOKEN set, for a
// Bearer of that token (401 otherwise); without it, for callers on this machine only, as the HTTP
// layer decided from the socket (403 otherwise). Outside the kernel: no session, no rate limit, and
// scrapes are not counted as API requests.
import { documented, methodNotAllowed } from "@/lib/api/methods";
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse } from "@/lib/api/response";
import { file } from "@/lib/api/responses";
import { env } from "@/lib/env";
import { metricsAccess } from "@/lib/metrics/access";
import { scrape } from "@/lib/metrics/scrape";
import { LOCAL_HEADER } from "@/lib/server/local-caller";

const REFUSED = {
  unauthenticated: "Send the metrics token (METRICS_TOKEN) as a Bearer token.",
  forbidden: "Metrics are served only to this machine unless METRICS_TOKEN is set.",
} as const;

export const GET = documented(
  {
    operationId: "metrics",
    tag: "Health",
    summary: "Metrics (Prometheus)",
    description:
      "Prometheus text format. With METRICS_TOKEN set: `Authorization: Bearer <METRICS_TOKEN>` (401 without it); without it: only callers on the server's own machine, judged by the connection's address and not by headers a client can write (403 otherwise).",
    auth: "public",
    scoped: false,
    bare: true,
    responses: { 200: file("text/plain; version=0.0.4") },
    errors: ["unauthenticated", "forbidden"],
  },
  async (request: Request) => {
    const access = metricsAccess(
      {
        authorization: request.headers.get("authorization"),
        // Decided from the socket by our HTTP server, over anything a client sent (lib/server/local-caller.ts).
        local: request.headers.get(LOCAL_HEADER) === "1",
      },
      env.METRICS_TOKEN,
    );
    if (access !== "allowed") {
      const requestId = requestIdFor(request);
      const headers: Record<string, string> =
        access === "unauthenticated" ? { "www-authenticate": 'Bearer realm="metrics"' } : {};
      return jsonResponse(
        errorBody(access, REFUSED[access], requestId),
        access === "unauthenticated" ? 401 : 403,
        requestId,
        headers,
      );
    }
    const { contentType, text } = await scrape();
    return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
);

const notAllowed = (request: Request) => methodNotAllowed(request, "GET");

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
