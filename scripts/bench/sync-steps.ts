// `npm run bench -- sync-steps`: where a re-sync page's time goes. A fresh bulk-100000 account is
// synced in full, its history read from the bank into memory (the bank step, timed per page), and
// then written again page by page with nothing fetched in between, each step timed on its own: the
// page's preparation in this process, each statement as the client sees it (serialising its
// parameters, the round trip, the server's work) and the server's own execution time (EXPLAIN
// ANALYZE of the same statement on a sample of pages, rolled back), the cursor save and the commit.
// Then the real runner (pages written while the next is fetched) against the bank read alone.
import type pg from "pg";
import { createRequire } from "node:module";
import { integrationFor } from "@/lib/banking/registry";
import type { BankTransaction } from "@/lib/banking/types";
import { db as sharedDb, pgTransaction, prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ingestPage } from "@/lib/sync/ingest";
import { createRun } from "@/lib/sync/service";
import { fullSync, readBankOnly, resync } from "./sync";

// pg's own serialisation of a parameter (what client.query does before sending), to time it apart.
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as { prepareValue: (v: unknown) => unknown };

type Call = { sql: string; params: unknown[]; ms: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** The first words of a statement, to name it in the report. */
function label(sql: string): string {
  const words = sql
    .replace(/--[^\n]*/g, "")
    .trim()
    .split(/\s+/);
  return words
    .slice(0, words[0] === "WITH" ? 3 : 2)
    .join(" ")
    .slice(0, 40);
}

/** Every statement the work sends through `client`, with its time as the client sees it. */
function recording(client: pg.PoolClient, calls: Call[]) {
  const query = client.query.bind(client) as (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
  const wrapped = async (sql: string, params: unknown[] = []) => {
    const t = performance.now();
    const result = await query(sql, params);
    calls.push({ sql, params, ms: performance.now() - t });
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
      account.consent.externalId ?? "",
      account.externalId,
      { dateFrom, next, pageSize: env.SYNC_PAGE_SIZE },
      { psuIpAddress: "127.0.0.1", requestId: "bench-steps" },
    );
    pages.push({ transactions: page.transactions, ms: performance.now() - t });
    next = page.next;
  } while (next);
  return pages;
}

/** The server's execution time of a statement (planning + execution), its writes rolled back. */
async function serverMs(db: pg.Pool, call: Call): Promise<number> {
  const client = await db.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ "QUERY PLAN": [{ "Planning Time": number; "Execution Time": number }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${call.sql}`,
      call.params,
    );
    const plan = rows[0]["QUERY PLAN"][0];
    return plan["Planning Time"] + plan["Execution Time"];
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}

export async function profileResync(db: pg.Pool): Promise<void> {
  await fullSync("bulk-5000");
  const synced = await fullSync("bulk-100000");
  console.log(`  full sync of the account: ${(synced.ms / 1000).toFixed(2)} s`);
  const pages = await bankPages(synced.accountId, synced.dateFrom ?? "");
  const { run } = await createRun(sharedDb(), {
    scopeId: synced.scopeId,
    accountId: synced.accountId,
    trigger: "manual",
    attended: true,
    psuIpAddress: "127.0.0.1",
  });
  const target = { scopeId: synced.scopeId, accountId: synced.accountId, runId: run.id };
  const steps = { ingest: [] as number[], save: [] as number[], commit: [] as number[], serialise: [] as number[] };
  const statements = new Map<string, { client: number[]; server: number[] }>();
  for (const [i, page] of pages.entries()) {
    const calls: Call[] = [];
    let t2 = 0;
    await pgTransaction(async (client) => {
      const t1 = performance.now();
      const counts = await ingestPage(recording(client, calls), target, page.transactions);
      steps.ingest.push(performance.now() - t1);
      if (counts.added + counts.updated > 0) throw new Error(`page ${i} was not unchanged: ${JSON.stringify(counts)}`);
      const t = performance.now();
      await client.query("UPDATE sync_runs SET next_page = $2, pages = pages + 1, heartbeat_at = now() WHERE id = $1", [
        run.id,
        String(i),
      ]);
      steps.save.push(performance.now() - t);
      t2 = performance.now();
    });
    steps.commit.push(performance.now() - t2);
    for (const call of calls) {
      const t = performance.now();
      call.params.map((p) => prepareValue(p));
      steps.serialise.push(performance.now() - t);
      const name = label(call.sql);
      const entry = statements.get(name) ?? { client: [], server: [] };
      entry.client.push(call.ms);
      if (i % 10 === 5) entry.server.push(await serverMs(db, call));
      statements.set(name, entry);
    }
  }
  const per = (xs: number[]) => `${median(xs).toFixed(2)} ms median, ${(sum(xs) / 1000).toFixed(2)} s in all`;
  console.log(`  ${pages.length} pages; per page:`);
  console.log(`    bank (fetch, parse, normalise)   ${per(pages.map((p) => p.ms))}`);
  console.log(`    ingestPage as a whole            ${per(steps.ingest)}`);
  for (const [name, s] of statements)
    console.log(`      ${name.padEnd(30)} ${per(s.client)} (client); server ${median(s.server).toFixed(2)} ms median`);
  console.log(`      parameters serialised (pg)     ${per(steps.serialise)}`);
  console.log(`    cursor save                      ${per(steps.save)}`);
  console.log(`    commit                           ${per(steps.commit)}`);
  await prisma().syncRun.update({ where: { id: run.id }, data: { state: "succeeded", finishedAt: new Date() } });
  const again = await resync(synced.accountId, synced.scopeId, synced.dateFrom);
  const bankMs = await readBankOnly(synced.accountId, synced.dateFrom ?? "");
  console.log(
    `  the runner's re-sync ${(again.ms / 1000).toFixed(2)} s (added ${again.added}, updated ${again.updated}) · the bank read alone ${(bankMs / 1000).toFixed(2)} s · ${(again.ms / bankMs).toFixed(2)}×`,
  );
}
