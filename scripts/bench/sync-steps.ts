// `npm run bench -- sync-steps`: where a sync page's time goes. The history of bulk-100000 is read from
// the bank into memory (the bank step, timed per page), then written page by page with nothing fetched
// in between, once into a fresh account (a full sync) and once again (a re-sync of unchanged rows),
// each step timed on its own: the page's preparation in this process, each statement as the client
// sees it (serialising its parameters, the round trip, the server's work), the server's own time
// (EXPLAIN ANALYZE of the same statement on a sample of pages, in a savepoint rolled back before the
// statement runs for real) with its triggers, the counterpart step, the cursor save and the commit.
// Then the real runner (pages written while the next is fetched) against the bank read alone.
import type pg from "pg";
import { createRequire } from "node:module";
import { integrationFor } from "@/lib/banking/registry";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ingestPage } from "@/lib/sync/ingest";
import { claimRun, finishRun } from "@/lib/sync/run-lifecycle";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { fullSync, readBankOnly, resync } from "./sync";

// pg's own serialisation of a parameter (what client.query does before sending), to time it apart.
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as { prepareValue: (v: unknown) => unknown };

type Plan = {
  "Planning Time": number;
  "Execution Time": number;
  Triggers?: { "Trigger Name": string; Time: number }[];
};
type Samples = { client: number[]; server: number[]; serialise: number[]; triggers: Map<string, number[]> };
type Target = { scopeId: string; accountId: string; runId: string };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const per = (xs: number[]) => `${median(xs).toFixed(2).padStart(6)} ms median, ${(sum(xs) / 1000).toFixed(2)} s in all`;

/** The first words of a statement, to name it in the report. */
function label(sql: string): string {
  const words = sql
    .replace(/--[^\n]*/g, "")
    .trim()
    .split(/\s+/);
  return words
    .slice(0, words[0] === "WITH" ? 3 : 2)
    .join(" ")
    .slice(0, 30);
}

/**
 * `client` with each statement recorded: its time as the client sees it, and when `explain` is set,
 * first its plan's times (planning, execution, each trigger), in a savepoint rolled back.
 */
function recording(client: pg.PoolClient, statements: Map<string, Samples>, explain: boolean) {
  const query = client.query.bind(client) as (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
  const wrapped = async (sql: string, params: unknown[] = []) => {
    const entry: Samples = statements.get(label(sql)) ?? { client: [], server: [], serialise: [], triggers: new Map() };
    statements.set(label(sql), entry);
    if (explain && !/^\s*(BEGIN|COMMIT|SAVEPOINT)/.test(sql)) {
      await query("SAVEPOINT explained");
      const { rows } = await query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      await query("ROLLBACK TO SAVEPOINT explained");
      const plan = (rows[0] as { "QUERY PLAN": [Plan] })["QUERY PLAN"][0];
      entry.server.push(plan["Planning Time"] + plan["Execution Time"]);
      if (process.env.SYNC_STEPS_PLAN && entry.server.length === 5 && plan["Execution Time"] > 20) {
        await query("SAVEPOINT explained");
        const text = await query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
        await query("ROLLBACK TO SAVEPOINT explained");
        for (const line of text.rows as { "QUERY PLAN": string }[]) console.log(`        | ${line["QUERY PLAN"]}`);
      }
      for (const t of plan.Triggers ?? [])
        entry.triggers.set(t["Trigger Name"], [...(entry.triggers.get(t["Trigger Name"]) ?? []), t.Time]);
    }
    const s = performance.now();
    params.map((p) => prepareValue(p));
    entry.serialise.push(performance.now() - s);
    const t = performance.now();
    const result = await query(sql, params);
    if (!explain) entry.client.push(performance.now() - t);
    return result;
  };
  return new Proxy(client, {
    get: (c, key): unknown => (key === "query" ? wrapped : Reflect.get(c, key)),
  });
}

async function bankPages(accountId: string, dateFrom: string) {
  const account = await prisma().trackedAccount.findUniqueOrThrow({
    where: { id: accountId },
    include: { consent: true },
  });
  const integration = integrationFor(account.integrationName);
  if (!integration) throw new Error(`integration ${account.integrationName} is not enabled`);
  const pages: { transactions: BankTransaction[]; ms: number }[] = [];
  let next: string | null = null;
  do {
    const t = performance.now();
    const page = await integration.transactionsPage(
      account.bankId,
      account.consent?.externalId ?? "",
      account.externalId,
      { dateFrom, next, pageSize: env.SYNC_PAGE_SIZE },
      { psuIpAddress: "127.0.0.1", requestId: "bench-steps" },
    );
    pages.push({ transactions: page.transactions, ms: performance.now() - t });
    next = page.next;
  } while (next);
  return pages;
}

/** Writes the pages into `target` one after another as the runner does, each step timed; prints them. */
async function profilePages(target: Target, pages: BankTransaction[][]) {
  const steps = { ingest: [] as number[], assign: [] as number[], save: [] as number[], commit: [] as number[] };
  const statements = new Map<string, Samples>();
  // As the runner decides it (lib/sync/runner.ts).
  let compareFirst = true;
  for (const [i, page] of pages.entries()) {
    const explain = i % 10 === 5;
    let committing = 0;
    await pgTransaction(async (plain) => {
      const client = recording(plain, statements, explain);
      let t = performance.now();
      const counts = await ingestPage(client, target, page, { compareFirst });
      compareFirst = 2 * (counts.added + counts.updated) < page.length;
      if (!explain) steps.ingest.push(performance.now() - t);
      t = performance.now();
      if (counts.unresolved.length > 0) await assignCounterparts(client, { ...target, externalIds: counts.unresolved });
      if (!explain) steps.assign.push(performance.now() - t);
      t = performance.now();
      await plain.query("UPDATE sync_runs SET next_page = $2, pages = pages + 1, heartbeat_at = now() WHERE id = $1", [
        target.runId,
        String(i),
      ]);
      steps.save.push(performance.now() - t);
      committing = performance.now();
    });
    steps.commit.push(performance.now() - committing);
  }
  console.log(`    ingestPage as a whole          ${per(steps.ingest)}`);
  for (const [name, s] of statements) {
    console.log(
      `      ${name.padEnd(28)} ${per(s.client)} (client; serialising ${median(s.serialise).toFixed(2)} ms); server ${median(s.server).toFixed(2)} ms median`,
    );
    for (const [trigger, times] of s.triggers)
      console.log(`        trigger ${trigger.padEnd(46)} ${median(times).toFixed(2)} ms median`);
  }
  console.log(`    counterpart step (unresolved)  ${per(steps.assign)}`);
  console.log(`    cursor save                    ${per(steps.save)}`);
  console.log(`    commit                         ${per(steps.commit)}`);
}

export async function profileSync(): Promise<void> {
  await fullSync("bulk-5000");
  const synced = await fullSync("bulk-100000");
  console.log(`  the runner's full sync of the account: ${(synced.ms / 1000).toFixed(2)} s`);
  const read = await bankPages(synced.accountId, synced.dateFrom ?? "");
  const pages = read.map((p) => p.transactions);
  console.log(`  ${pages.length} pages; per page:`);
  console.log(`    bank (fetch, parse, normalise) ${per(read.map((p) => p.ms))}`);

  const connected = await connectedConsent("bulk-100000");
  const { account, run } = await trackedAccount(connected);
  const fresh = { scopeId: connected.person.scopeId, accountId: account.id, runId: run.id };
  console.log("  a full sync, page by page (statements sampled every 10th page, in a savepoint first):");
  // The run the pages were written under, ended as a worker ends it (run-lifecycle.ts, the one writer).
  await claimRun(pool(), run.id, "bench", env.SYNC_STALE_SECONDS);
  await profilePages(fresh, pages);
  await finishRun(run.id, "bench", "succeeded", null);

  const resyncRun = await prisma().syncRun.create({
    data: { scopeId: fresh.scopeId, accountId: fresh.accountId, trigger: "manual", attended: true, state: "succeeded" },
  });
  console.log("  a re-sync of the same pages:");
  await profilePages({ ...fresh, runId: resyncRun.id }, pages);

  const runner = await resync(synced.accountId, synced.scopeId, synced.dateFrom);
  const bankMs = await readBankOnly(synced.accountId, synced.dateFrom ?? "");
  console.log(
    `  the runner's re-sync ${(runner.ms / 1000).toFixed(2)} s (added ${runner.added}, updated ${runner.updated}) · the bank read alone ${(bankMs / 1000).toFixed(2)} s · ${(runner.ms / bankMs).toFixed(2)}×`,
  );
}
