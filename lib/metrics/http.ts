// An API request, counted once it is answered: by method, route template (lib/metrics/route-template.ts)
// and status, with its latency. Called by the route kernel (lib/api/route.ts) for every route it serves.
import "server-only";
import { httpDuration, httpRequests } from "@/lib/metrics/metrics";
import { routeTemplate, type PathParams } from "@/lib/metrics/route-template";

export function observeRequest(method: string, pathname: string, params: PathParams, status: number, ms: number) {
  const labels = { method, route: routeTemplate(pathname, params), status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, ms / 1000);
}
