// An API request, counted once it is answered: by method, route template (lib/metrics/route-template.ts)
// and status, with its latency. Called by the route kernel (lib/api/route.ts) for every route it serves.
import "server-only";
import { httpDuration, httpRequests } from "@/lib/metrics/metrics";

/** `route` is the request's route template (lib/metrics/route-template.ts), never its raw path. */
export function observeRequest(method: string, route: string, status: number, ms: number) {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, ms / 1000);
}
