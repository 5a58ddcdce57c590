// GET /api/health — liveness, public. A constant answer without the kernel; `npm run bench`
// also uses it as the bare baseline for the kernel's overhead.
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
