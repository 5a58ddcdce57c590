// GET /api/health — liveness, public. A constant answer without the kernel; `npm run bench`
// also uses it as the bare baseline for the kernel's overhead. Other methods answer 405 in the
// envelope (Next's own 405 would be a bare empty body); these stay unmarked, so Next serves them.
import { z } from "zod";
import { documented } from "@/lib/api/methods";
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse } from "@/lib/api/response";

export const GET = documented(
  {
    operationId: "health",
    tag: "Health",
    summary: "Liveness",
    auth: "public",
    scoped: false,
    bare: true,
    responses: { 200: z.object({ status: z.literal("ok") }) },
  },
  () => Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } }),
);

async function notAllowed(request: Request) {
  const requestId = requestIdFor(request);
  return jsonResponse(
    errorBody("method_not_allowed", `${request.method} is not supported here. Allowed: GET.`, requestId),
    405,
    requestId,
    { allow: "GET" },
  );
}

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
