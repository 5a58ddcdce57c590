// The big reads of issue 25 on the 1,000,000-row account, each a p50 against its 100 ms target:
// counterparts with totals (sorted each way and searched), filtered transaction totals, the
// account's figures (computed, as after a sync, and as cached), the CSV export's first byte, and
// the transactions page with a text search (a common word, a rare one, one in a single row). Through the API as a person's browser reads them, after
// warm-up, in interleaved rounds (scripts/bench/timing.ts) so machine drift hits all alike.
import { accountFigures } from "@/lib/accounttracking/accounts/stats";
import type { AccountBenchTarget } from "./accounts";
import { interleavedMedians } from "./timing";

export const READ_TARGET_MS = 100;

export type ReadsBench = Record<string, number>;

export async function benchReads(options: AccountBenchTarget, rounds = 21): Promise<ReadsBench> {
  const { baseUrl, accountId, scopeId } = options;
  const headers = { authorization: `Bearer ${options.token}`, "x-scope": scopeId, "accept-encoding": "identity" };
  const account = `${baseUrl}/api/accounttracking/v1/accounts/${accountId}`;
  const get = (path: string) => async () => {
    const res = await fetch(`${account}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  // Time to the first byte of the body, then the rest is dropped (the export streams).
  const firstByte = (path: string) => async () => {
    const controller = new AbortController();
    const res = await fetch(`${account}${path}`, { headers, signal: controller.signal });
    if (!res.ok || !res.body) throw new Error(`${path}: ${res.status}`);
    const reader = res.body.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
  };
  const runs = {
    "counterparts by money out": get("/counterparts?perPage=50&sort=sumOut&order=desc"),
    "counterparts by name": get("/counterparts?perPage=50&sort=name&order=asc"),
    "counterparts by last date": get("/counterparts?perPage=50&sort=lastDate&order=desc"),
    "counterparts searched": get("/counterparts?perPage=50&q=party%2012"),
    "totals, one year": get("/transactions/totals?filter[fromDate]=2024-01-01&filter[toDate]=2024-12-31"),
    "totals, whole history": get("/transactions/totals"),
    "account figures (cached)": get("/stats"),
    "account figures (computed)": async () => void (await accountFigures(accountId, options.db)),
    "CSV first byte": firstByte("/transactions.csv"),
    // A word in every row (the window's step answers), in 1 of 500 rows with another in all ("party"
    // in every row, "123" in Party 123's and in some bank ids), and in one row (both through the index).
    "page, text search (every row)": get("/transactions?perPage=100&filter[q]=party"),
    "page, text search (1 in 500 rows)": get("/transactions?perPage=100&filter[q]=party%20123"),
    "page, text search (one row)": get("/transactions?perPage=100&filter[q]=b777777"),
  };
  for (const run of Object.values(runs)) await run(); // warm-up: routes compiled, caches filled
  return interleavedMedians(rounds, runs);
}
