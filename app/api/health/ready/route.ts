// GET /api/health/ready — readiness, public: 200 when the database answers, every migration of
// this build is applied and a sync worker is polling with no run stuck (lib/health/readiness.ts);
// otherwise 503 in the envelope (`service_unavailable`), its details naming each failing check.
// Outside the kernel like /api/health (no rate limit, no auth read). Concurrent probes share one
// check in flight, so a burst of them costs the database one round of queries.
import { z } from "zod";
import { documented, methodNotAllowed } from "@/lib/api/methods";
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse } from "@/lib/api/response";
import { serverTiming } from "@/lib/api/timing";
import { CHECKS, failingChecks, readiness, type Readiness } from "@/lib/health/readiness";
import { log } from "@/lib/log";

const check = z.object({ status: z.enum(["ok", "failing", "skipped"]), detail: z.string() });
const ready = z.object({
  status: z.literal("ready"),
  checks: z.object(
    Object.fromEntries(CHECKS.map((name) => [name, check])) as Record<(typeof CHECKS)[number], typeof check>,
  ),
});

let inFlight: Promise<Readiness> | null = null;

export const GET = documented(
  {
    operationId: "healthReady",
    tag: "Health",
    summary: "Readiness",
    description:
      "Checks the database, the migration level and the sync queue (a worker polling, no run stuck). 503 `service_unavailable` names each failing check in `error.details`.",
    auth: "public",
    scoped: false,
    bare: true,
    responses: { 200: ready },
    errors: ["service_unavailable"],
  },
  async (request: Request) => {
    const requestId = requestIdFor(request);
    inFlight ??= readiness().finally(() => (inFlight = null));
    const result = await inFlight;
    const headers = { "cache-control": "no-store", ...serverTiming(request) };
    if (result.ready) return Response.json({ status: "ready", checks: result.checks }, { headers });
    const failing = failingChecks(result);
    const details = Object.fromEntries(failing.map((name) => [name, [result.checks[name].detail]]));
    log.warn("not ready", { requestId, failing: details });
    const message = `Not ready: ${failing.join(", ")} failing.`;
    return jsonResponse(errorBody("service_unavailable", message, requestId, details), 503, requestId, headers);
  },
);

const notAllowed = (request: Request) => methodNotAllowed(request, "GET");

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
