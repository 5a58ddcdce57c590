// GET /api/health — liveness, public. A constant answer without the kernel; `npm run bench`
// also uses it as the bare baseline for the kernel's overhead. Other methods answer 405 in the
// envelope (Next's own 405 would be a bare empty body); these stay unmarked, so Next serves them.
import { z } from "zod";
import { documented, methodNotAllowed } from "@/lib/api/methods";
import { serverTiming } from "@/lib/api/timing";

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
  (request: Request) =>
    Response.json({ status: "ok" }, { headers: { "cache-control": "no-store", ...serverTiming(request) } }),
);

const notAllowed = (request: Request) => methodNotAllowed(request, "GET");

export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
