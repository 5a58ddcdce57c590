// A steady read load on the app instances, as people and connectors read while a failover happens:
// loops that each GET an account list or a page of an account's transactions, in turn on each
// instance, and record every answer (when, status, Retry-After, latency). A loop pauses a little after
// a 503, as a client honouring Retry-After would (shortened, so the timeline keeps its resolution).

export type Answer = {
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  instance: string;
  path: string;
};

export type ReadLoad = { answers: Answer[]; stop: () => Promise<void> };

export function startReadLoad(options: {
  instances: string[];
  headers: Record<string, string>;
  accountIds: string[];
  loops: number;
  pauseMs: number;
}): ReadLoad {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const loop = async (k: number) => {
    while (running) {
      const i = n++;
      const instance = options.instances[(i + k) % options.instances.length];
      const account = options.accountIds[i % options.accountIds.length];
      const path =
        i % 3 === 0
          ? "/api/accounttracking/v1/accounts?perPage=50"
          : `/api/accounttracking/v1/accounts/${account}/transactions?perPage=50`;
      const at = Date.now();
      let status = 0;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(`${instance}${path}`, {
          headers: options.headers,
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        retryAfter = res.headers.get("retry-after");
        await res.arrayBuffer();
      } catch {
        status = 0; // no answer (refused, cut or over 30 s)
      }
      answers.push({ at, ms: Date.now() - at, status, retryAfter, instance, path });
      await new Promise((resolve) => setTimeout(resolve, status === 200 ? options.pauseMs : 250));
    }
  };
  const loops = Array.from({ length: options.loops }, (_, k) => loop(k));
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The q-quantile (0..1) of the latencies, nearest rank; NaN for none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** How many answers of each status. */
export function byStatus(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(a.status)] = (counts[String(a.status)] ?? 0) + 1;
  return counts;
}
