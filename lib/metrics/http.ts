// An API request, counted once it is answered: by method, route template (lib/metrics/route-template.ts)
// and status, with its latency. Called by the route kernel (lib/api/route.ts) for every route it serves.
import "server-only";
import { credentialChecks, httpDuration, httpRequests } from "@/lib/metrics/metrics";
import type { CredentialSource } from "@/lib/auth/principal-cache";

/** `route` is the request's route template (lib/metrics/route-template.ts), never its raw path. */
export function observeRequest(method: string, route: string, status: number, ms: number, auth?: CredentialSource) {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, ms / 1000);
  if (auth) credentialChecks.inc({ source: auth });
}
