// Kernel overhead: GET /api/scopes/v1 with a bearer token (authentication, rate limit, one
// membership query, envelope, log line) against GET /api/health, a bare route in the same server
// that returns constant JSON. Both run in the same process, alternated, so the ratio is fair.
import autocannon from "autocannon";

export type Measurement = { label: string; requestsPerSecond: number; p50: number; p99: number; non2xx: number };

async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Measurement> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

export async function benchKernel(baseUrl: string, token: string, options = { seconds: 8, rounds: 2 }) {
  const auth = { authorization: `Bearer ${token}` };
  const bare = `${baseUrl}/api/health`;
  const kernel = `${baseUrl}/api/scopes/v1`;
  // Warm both paths (JIT, connection pools, route compilation).
  await measure("warm", bare, {}, 2);
  await measure("warm", kernel, auth, 2);
  const bareRuns: Measurement[] = [];
  const kernelRuns: Measurement[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    bareRuns.push(await measure("bare /api/health", bare, {}, options.seconds));
    kernelRuns.push(await measure("GET /api/scopes/v1", kernel, auth, options.seconds));
  }
  const mean = (runs: Measurement[], key: keyof Omit<Measurement, "label">) =>
    runs.reduce((s, r) => s + r[key], 0) / runs.length;
  const summary = (label: string, runs: Measurement[]): Measurement => ({
    label,
    requestsPerSecond: mean(runs, "requestsPerSecond"),
    p50: mean(runs, "p50"),
    p99: mean(runs, "p99"),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
  });
  const baseline = summary("bare route (constant JSON)", bareRuns);
  const measured = summary("GET /api/scopes/v1 (bearer)", kernelRuns);
  return { baseline, measured, throughputRatio: measured.requestsPerSecond / baseline.requestsPerSecond };
}
