// `npm run bench`: starts the built app on its own embedded PostgreSQL (.data/bench) with no
// in-app sync worker, prepares data, runs each benchmark and prints ratios against a baseline
// measured in the same run. Not a test: nothing here passes or fails on timing.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { prepareDatabase } from "../database";
import { benchKernel, type Measurement } from "./kernel";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? ".data/bench");

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Server did not answer at ${url}`);
}

function row(m: Measurement) {
  return `${m.label.padEnd(32)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms   non-2xx ${m.non2xx}`;
}

const args = process.argv.slice(2);
const accountsFlag = args.indexOf("--accounts");
const FLEET_ACCOUNTS = accountsFlag >= 0 ? Number(args[accountsFlag + 1]) : 1000;
// `--workers 2,4`: the fleet's rounds, one per entry (default one worker, then two); `--again`: then
// the first round's accounts synced once more (a later day's update of an unchanged history).
const workersFlag = args.indexOf("--workers");
const FLEET_WORKERS = workersFlag >= 0 ? args[workersFlag + 1].split(",").map(Number) : undefined;
// `--batch 200`: the fleet made due 200 accounts at a time, idle pages read between batches.
const batchFlag = args.indexOf("--batch");
const FLEET_BATCH = batchFlag >= 0 ? Number(args[batchFlag + 1]) : undefined;
const flagValues = new Set([accountsFlag, workersFlag, batchFlag].filter((i) => i >= 0).map((i) => i + 1));
const only = new Set(args.filter((a, i) => !a.startsWith("--") && !flagValues.has(i)));
const wants = (name: string) => only.size === 0 || only.has(name);

async function main() {
  // Each run starts from an empty database: what earlier runs left (a million rows per `pages` or
  // `counterparts` run, every sync bench's accounts) grew it by gigabytes and made figures drift
  // between runs. BENCH_KEEP_DATA=1 keeps it, to look at a run's data afterwards.
  if (process.env.BENCH_KEEP_DATA !== "1") rmSync(path.join(DATA_DIR, "pg"), { recursive: true, force: true });
  const server = spawn(process.execPath, ["scripts/run.mjs", "start"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      RATE_LIMIT_POINTS: "100000000",
      SYNC_IN_APP: "0",
      GLEIF_ENABLED: "0",
    },
  });
  try {
    await waitFor(`${BASE}/api/health`, 600_000);
    // The bench process shares the server's database (its running embedded cluster) and bank.
    const database = await prepareDatabase({ dataDir: DATA_DIR, quiet: true });
    process.env.DATABASE_URL = database.url;
    process.env.APP_URL = BASE;
    // …and its banks, which `npm start` runs beside it on PORT + 1 (their own process and origin).
    process.env.SANDBOX_BANK_URL ??= `http://127.0.0.1:${PORT + 1}`;
    process.env.LOG_LEVEL = "warn";
    // Some sections call route code in this process (the change feed in-process): it keeps no
    // principal cache, whose listener would only outlive the database at the end of the run.
    process.env.AUTH_CACHE_MS = "0";
    // The server's secret (written by start.ts), so cursors this process signs are the server's.
    process.env.AUTH_SECRET ??= readFileSync(path.join(DATA_DIR, "auth-secret"), "utf8").trim();
    const { makePerson } = await import("@/testing/support/fixtures");
    const { pool } = await import("@/lib/db/client");
    const person = await makePerson("bench");
    // A bench over one account's rows reads it as the bench person, through this app.
    const onAccount = (accountId: string) => ({
      db: pool(),
      baseUrl: BASE,
      token: person.token,
      scopeId: person.scopeId,
      accountId,
    });

    if (wants("kernel")) {
      console.log("\nKernel overhead (autocannon, 10 connections, alternating rounds)");
      const kernel = await benchKernel(BASE, person.token);
      console.log(row(kernel.baseline));
      console.log(row(kernel.measured));
      console.log(
        `ratio: GET /api/scopes/v1 throughput = ${kernel.throughputRatio.toFixed(2)}× the bare route   (target ≥ 0.8×)`,
      );
    }

    // The sync and ingest baselines write into empty tables: they run before the 1,000,000-row accounts
    // exist, so both sides meet indexes of the same size (after them, the sync's ratio rose 1.87× → 2.10×).
    if (wants("sync")) {
      const { benchSync } = await import("./sync");
      console.log(
        "\nFull sync of 100,000 sandbox transactions (bulk-100000, over HTTP, pages of 1,000), after a warm-up, alternating with the plain insert",
      );
      const s = await benchSync(pool());
      const total = (key: "syncMs" | "emptyCopyMs") => s.rounds.reduce((sum, r) => sum + r[key], 0);
      for (const [i, r] of s.rounds.entries())
        console.log(
          `  round ${i + 1}: full sync ${(r.syncMs / 1000).toFixed(2)} s (${Math.round(s.rows / (r.syncMs / 1000))} rows/s) · plain batched INSERT into an empty copy ${(r.emptyCopyMs / 1000).toFixed(2)} s · ${(r.syncMs / r.emptyCopyMs).toFixed(2)}×`,
        );
      const ratio = total("syncMs") / total("emptyCopyMs");
      console.log(
        `ratio: full sync / plain insert into an empty copy = ${ratio.toFixed(2)}× over ${s.rounds.length} rounds   (target ≤ 1.3×)`,
      );
      const meanSync = total("syncMs") / s.rounds.length;
      for (const [i, r] of s.resyncs.entries())
        console.log(
          `  round ${i + 1}: re-sync of the unchanged ${s.rows.toLocaleString("en")} rows (whole history again) ${(r.resyncMs / 1000).toFixed(2)} s, added ${r.added}, updated ${r.updated} · the bank read alone ${(r.bankMs / 1000).toFixed(2)} s · ${(r.resyncMs / r.bankMs).toFixed(2)}×`,
        );
      const resyncMs = s.resyncs.reduce((sum, r) => sum + r.resyncMs, 0);
      const bankMs = s.resyncs.reduce((sum, r) => sum + r.bankMs, 0);
      console.log(`  re-sync / full sync = ${(resyncMs / s.resyncs.length / meanSync).toFixed(2)}×`);
      console.log(
        `  the bank read alone (every page, nothing written) takes ${(bankMs / s.resyncs.length / 1000).toFixed(2)} s = ${((bankMs * s.rounds.length) / s.resyncs.length / total("emptyCopyMs")).toFixed(2)}× the plain insert into an empty copy: pages are written while the next is fetched, so a sync takes about the longer of the two`,
      );
      console.log(
        `ratio: re-sync / bank read alone = ${(resyncMs / bankMs).toFixed(2)}× over ${s.resyncs.length} rounds   (target ≤ 1.1×)`,
      );
    }

    // Only when asked for by name (`npm run bench -- rules`, or `-- sync`: the same sync with 50 rules):
    // page writes, then ten full syncs of 100,000 rows (a warm-up of each side, four rounds).
    if (only.has("rules") || only.has("sync")) {
      const { benchRulePages, benchRules } = await import("./rules");
      console.log(
        "\nRules in the sync's page writes: pages of 1,000 bank-like rows, 50 rules against none (alternating)",
      );
      const pages = await benchRulePages();
      console.log(
        `ratio: ${pages.rows.toLocaleString("en")} rows written with 50 rules ${(pages.withMs / 1000).toFixed(1)} s / without ${(pages.withoutMs / 1000).toFixed(1)} s = ${(pages.withMs / pages.withoutMs).toFixed(2)}×`,
      );
      console.log(
        "\nFull sync of bulk-100000 into a scope with 50 enabled rules, against the same sync into a scope without rules (alternating, after a warm-up of each)",
      );
      const r = await benchRules();
      for (const [i, round] of r.rounds.entries())
        console.log(
          `  round ${i + 1}: with ${r.rules} rules ${(round.withMs / 1000).toFixed(2)} s · without rules ${(round.withoutMs / 1000).toFixed(2)} s · ${(round.withMs / round.withoutMs).toFixed(2)}×`,
        );
      console.log(
        `  filed by the rules and counterpart defaults: ${r.filed.toLocaleString("en")} of ${r.rows.toLocaleString("en")} rows`,
      );
      const sum = (key: "withMs" | "withoutMs") => r.rounds.reduce((total, round) => total + round[key], 0);
      console.log(
        `ratio: full sync with ${r.rules} rules / without = ${(sum("withMs") / sum("withoutMs")).toFixed(2)}× over ${r.rounds.length} rounds   (target ≤ 1.1×)`,
      );
    }

    // Only when asked for by name (`npm run bench -- apply`): a rule applied to 1,000,000 stored rows, and undone.
    if (only.has("apply")) {
      const { benchApply } = await import("./apply");
      console.log(
        "\nApply to existing: one rule matching every row of one account, applied by the job in batches and undone in one step, against one plain UPDATE setting the same fields and one clearing them",
      );
      const a = await benchApply();
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `  ${a.rows.toLocaleString("en")} rows: apply ${s(a.applyMs)} (${a.changed.toLocaleString("en")} changed) · plain UPDATE ${s(a.plainSetMs)} · ${(a.applyMs / a.plainSetMs).toFixed(2)}×`,
      );
      console.log(
        `  undo ${s(a.undoMs)} (${a.restored.toLocaleString("en")} rows restored) · plain UPDATE clearing them ${s(a.plainClearMs)} · ${(a.undoMs / a.plainClearMs).toFixed(2)}×`,
      );
      console.log(
        `ratio: apply / plain UPDATE = ${(a.applyMs / a.plainSetMs).toFixed(2)}×, undo / plain UPDATE = ${(a.undoMs / a.plainClearMs).toFixed(2)}×`,
      );
    }

    // Only when asked for by name (`npm run bench -- import`): a 100,000-entry camt.053 through the API and the job.
    if (only.has("import")) {
      const { benchImport } = await import("./import");
      console.log(
        "\nStatement import: a generated camt.053 uploaded over HTTP, imported by the worker's job, against a plain batched INSERT of its rows",
      );
      const i = await benchImport(pool(), BASE, person, server.pid ?? 0);
      const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
      console.log(
        `  ${i.entries.toLocaleString("en")} entries, ${(i.fileBytes / 2 ** 20).toFixed(1)} MiB: upload ${(i.uploadMs / 1000).toFixed(2)} s · import ${(i.importMs / 1000).toFixed(2)} s (${i.added.toLocaleString("en")} rows added) · plain batched INSERT into an empty copy ${(i.plainInsertMs / 1000).toFixed(2)} s`,
      );
      console.log(
        `  server (process tree) resident ${mb(i.serverRssBeforeKb)} before the upload, at most ${mb(i.serverRssPeakKb)} while receiving it: +${mb(i.serverRssPeakKb - i.serverRssBeforeKb)} for a ${(i.fileBytes / 2 ** 20).toFixed(0)} MiB file`,
      );
      console.log(
        `  the job's live heap (collected before each sample) ${mb(i.jobHeapBeforeKb)} before, at most ${mb(i.jobHeapPeakKb)} while importing: +${mb(i.jobHeapPeakKb - i.jobHeapBeforeKb)}`,
      );
      console.log(`ratio: import / plain batched INSERT = ${(i.importMs / i.plainInsertMs).toFixed(2)}×`);
    }

    // Only when asked for by name (`npm run bench -- sync-steps`): where a sync page's time goes.
    if (only.has("sync-steps")) {
      const { profileSync } = await import("./sync-steps");
      console.log("\nSync of 100,000 rows, step by step (pages written one after another, nothing fetched between)");
      await profileSync();
    }

    if (wants("ingest")) {
      console.log(
        "\nIngest with counterparts, 100,000 rows in pages of 1,000 (the three variants take turns page by page)",
      );
      const { benchIngest } = await import("./counterparts-ingest");
      const i = await benchIngest(pool(), person.scopeId, person.userId);
      console.log(
        `  ingest of ${i.rows} rows in pages of 1,000: ${(i.plainMs / 1000).toFixed(2)} s upsert only · ${(i.withMs / 1000).toFixed(2)} s with counterparts (new parties) · ${(i.warmMs / 1000).toFixed(2)} s (known parties)`,
      );
      console.log(
        `ratio: ingest with counterparts / without = ${(i.withMs / i.plainMs).toFixed(2)}× new parties, ${(i.warmMs / i.plainMs).toFixed(2)}× known   (target ≤ 1.3×)`,
      );
    }

    if (wants("pages")) {
      const { benchPages, seedMillion } = await import("./transactions");
      console.log("\nTransactions page, perPage 100, account with 1,000,000 rows (median of 301 interleaved rounds)");
      const t = performance.now();
      const accountId = await seedMillion(pool(), person.scopeId, person.userId);
      console.log(`  (seeded 1,000,000 rows in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
      const p = await benchPages(onAccount(accountId));
      console.log(
        `  API first page ${p.firstApiMs.toFixed(2)} ms · API ~90% deep ${p.deepApiMs.toFixed(2)} ms   (node:http keep-alive client)`,
      );
      console.log(
        `  API first page ${p.firstFetchMs.toFixed(2)} ms · API ~90% deep ${p.deepFetchMs.toFixed(2)} ms   (fetch client, no compression)`,
      );
      console.log(`  pg  first page ${p.firstRawMs.toFixed(2)} ms · pg  ~90% deep ${p.deepRawMs.toFixed(2)} ms`);
      console.log(`ratio: deep / first page (API) = ${(p.deepApiMs / p.firstApiMs).toFixed(2)}×   (target ≤ 1.3×)`);
      console.log(
        `ratio: API / raw keyset query = ${(p.firstApiMs / p.firstRawMs).toFixed(2)}× first, ${(p.deepApiMs / p.deepRawMs).toFixed(2)}× deep   (target ≤ 3×)`,
      );
      console.log(
        `ratio: API with fetch / raw keyset query = ${(p.firstFetchMs / p.firstRawMs).toFixed(2)}× first, ${(p.deepFetchMs / p.deepRawMs).toFixed(2)}× deep`,
      );
      console.log(
        `  with fetch's default gzip: first page ${p.firstGzipMs.toFixed(2)} ms (${(p.firstGzipMs / p.firstRawMs).toFixed(2)}× the raw query; ${(p.plainBytes / 1000).toFixed(0)} kB → ${(p.gzipBytes / 1000).toFixed(1)} kB on the wire, which pays off beyond localhost)`,
      );
      console.log(
        `  for scale: a constant-JSON route served by Next.js takes ${p.bareRouteMs.toFixed(2)} ms (= ${(p.bareRouteMs / p.firstRawMs).toFixed(2)}× the raw query), the floor every API answer pays`,
      );
      // The floor of an API page: the same keyset query plus what Next charges any route; the rest is the kernel's.
      const floor = p.firstRawMs + p.bareRouteMs;
      console.log(
        `ratio: API page / (raw query + bare Next route) = ${(p.firstApiMs / floor).toFixed(2)}× first, ${(p.deepApiMs / (p.deepRawMs + p.bareRouteMs)).toFixed(2)}× deep   (target ≤ 1.2×)`,
      );
    }

    if (wants("changes")) {
      const { benchChanges, seedChangesAccount } = await import("./changes");
      console.log(
        "\nChange feed, account with 100,000 rows: 10,000 changes in pages of 1,000 (median of 15 interleaved rounds)",
      );
      const accountId = await seedChangesAccount(pool(), person.scopeId, person.userId);
      const r = await benchChanges(onAccount(accountId));
      const api = r.apiMs ?? Number.NaN;
      console.log(
        `  raw keyset query ${r.rawMs.toFixed(0)} ms · feed in-process ${r.feedMs.toFixed(0)} ms · feed API ${api.toFixed(0)} ms`,
      );
      console.log(
        `ratio: feed / raw keyset read = ${(r.feedMs / r.rawMs).toFixed(2)}× in-process, ${(api / r.rawMs).toFixed(2)}× API   (target ≤ 1.5×)`,
      );
      console.log(`  after a 10-row change the next read found ${r.incrementalModified} modified rows; its plan:`);
      for (const line of r.plan) console.log(`    ${line}`);
    }

    if (wants("counterparts") || wants("reads")) {
      const { seedMillion } = await import("./transactions");
      const { benchCounterparts } = await import("./counterparts");
      console.log("\nCounterparts with totals, account with 1,000,000 rows (median of 7)");
      const accountId = await seedMillion(pool(), person.scopeId, person.userId);
      const c = await benchCounterparts(onAccount(accountId));
      console.log(
        `  assigned ${c.assigned} rows to ${c.counterparts} counterparts in ${(c.assignMs / 1000).toFixed(1)} s (one set-based call)   (target ≤ 30 s)`,
      );
      console.log(
        `  plain GROUP BY ${c.groupByMs.toFixed(0)} ms · listing SQL ${c.listSqlMs.toFixed(0)} ms · API ${c.listApiMs.toFixed(0)} ms`,
      );
      console.log(
        `ratio: listing with totals / plain GROUP BY = ${(c.listSqlMs / c.groupByMs).toFixed(2)}× SQL, ${(c.listApiMs / c.groupByMs).toFixed(2)}× API`,
      );
      console.log(
        `  the floor of the assignment, one plain UPDATE writing every row's counterpart: ${(c.updateMs / 1000).toFixed(1)} s; assignment = ${(c.assignMs / c.updateMs).toFixed(2)}× that`,
      );
      const { benchReads, READ_TARGET_MS } = await import("./reads");
      console.log("\nBig reads on the 1,000,000-row account, through the API (p50 of 21 interleaved rounds)");
      const reads = await benchReads(onAccount(accountId));
      for (const [label, ms] of Object.entries(reads))
        console.log(
          `  ${label.padEnd(36)} p50 ${ms.toFixed(1).padStart(7)} ms   ${ms <= READ_TARGET_MS ? "within" : "OVER"} the ${READ_TARGET_MS} ms target`,
        );
    }

    if (wants("lookup")) {
      const { benchLookup } = await import("./lookup");
      console.log(
        "\nCompany lookup of four subsets (in process): from kept answers (median of 301), and cold from four HTTP stand-ins answering after 50/100/150/200 ms (median of 7 interleaved rounds)",
      );
      const l = await benchLookup(person.scopeId);
      console.log(
        `  from kept answers: p50 ${l.keptP50Ms.toFixed(1)} ms · p99 ${l.keptP99Ms.toFixed(1)} ms   (target p50 ≤ 20 ms)`,
      );
      const alone = Object.values(l.aloneMs);
      const sum = alone.reduce((a, b) => a + b, 0);
      const slowest = Math.max(...alone);
      for (const [who, ms] of Object.entries(l.aloneMs)) console.log(`  ${who} alone: ${ms.toFixed(0)} ms`);
      console.log(`  cold, all four: ${l.coldMs.toFixed(0)} ms`);
      console.log(
        `ratio: cold lookup / slowest provider alone = ${(l.coldMs / slowest).toFixed(2)}× · / sum of the four alone = ${(l.coldMs / sum).toFixed(2)}×   (target ≈ 1× the slowest)`,
      );
    }

    if (wants("search")) {
      const { benchSearch, SEARCH_ROWS } = await import("./search");
      console.log(
        `\nClients search, ILIKE '%q%' on ${SEARCH_ROWS.toLocaleString("en")} clients of one scope (median of 31 interleaved rounds)`,
      );
      const r = await benchSearch(pool(), person.scopeId);
      console.log(
        `  rare term (1 match): ${r.rareWithMs.toFixed(2)} ms with the trigram index · ${r.rareWithoutMs.toFixed(2)} ms without`,
      );
      console.log(
        `  common term (first 51 of many): ${r.commonWithMs.toFixed(2)} ms with · ${r.commonWithoutMs.toFixed(2)} ms without`,
      );
      console.log(
        `ratio: without / with the trigram index = ${(r.rareWithoutMs / r.rareWithMs).toFixed(1)}× rare term, ${(r.commonWithoutMs / r.commonWithMs).toFixed(2)}× common term`,
      );
    }

    if (wants("search-writes")) {
      const { benchSearchWrites } = await import("./search-writes");
      console.log(
        "\nThe text search's column and index on the sync's upsert: pages of 1,000 bank-like rows (ingestPage), with them and without (dropped in a rolled-back transaction), taking turns",
      );
      const w = await benchSearchWrites(pool(), person.scopeId, person.userId);
      console.log(
        `  ${w.pages} pages each: with ${w.withMean.toFixed(1)} ms a page (median ${w.withMedian.toFixed(1)}, slowest ${w.withMax.toFixed(0)}) · without ${w.withoutMean.toFixed(1)} ms (median ${w.withoutMedian.toFixed(1)})`,
      );
      console.log(
        `  transactions_search_idx ${(w.indexBytes / 1e6).toFixed(0)} MB beside the table's ${(w.tableBytes / 1e6).toFixed(0)} MB (${w.tableRows.toLocaleString("en")} rows)`,
      );
      console.log(`ratio: upsert with the search column / without = ${(w.withMean / w.withoutMean).toFixed(2)}×`);
      console.log(
        `  the same ${w.rewrittenRows.toLocaleString("en")} rows rewritten by one UPDATE of their counterpart (as the whole-account assignment writes every row): with ${(w.rewriteWithMs / 1000).toFixed(1)} s · without ${(w.rewriteWithoutMs / 1000).toFixed(1)} s = ${(w.rewriteWithMs / w.rewriteWithoutMs).toFixed(2)}×`,
      );
    }

    if (wants("plans")) {
      const { seedMillion } = await import("./transactions");
      const { printPlans } = await import("./plans");
      console.log("\nQuery plans on the 1,000,000-row account (EXPLAIN ANALYZE)");
      await printPlans(pool(), await seedMillion(pool(), person.scopeId, person.userId));
    }

    // Only when asked for by name (`npm run bench -- startup`): ~20 process starts.
    if (only.has("startup")) {
      const { benchStartup, middle } = await import("./startup");
      console.log(
        "\nProcess start, compiled (node scripts/run.mjs, as npm start runs them) against their TypeScript under tsx, alternating after a warm-up of each",
      );
      const s = await benchStartup();
      for (const kind of ["worker", "server"] as const) {
        const [compiled, tsx] = [s[kind].compiled, s[kind].tsx];
        console.log(
          `  ${kind}: ready in ${middle(compiled.readyMs).toFixed(0)} ms, ${middle(compiled.cpuMs).toFixed(0)} ms of CPU · under tsx ${middle(tsx.readyMs).toFixed(0)} ms, ${middle(tsx.cpuMs).toFixed(0)} ms of CPU (medians of ${compiled.cpuMs.length})`,
        );
        console.log(
          `ratio: ${kind} start CPU, compiled / tsx = ${(middle(compiled.cpuMs) / middle(tsx.cpuMs)).toFixed(2)}× · time to ready ${(middle(compiled.readyMs) / middle(tsx.readyMs)).toFixed(2)}×`,
        );
      }
    }

    if (wants("fleet")) {
      const { runFleetBench } = await import("./fleet-report");
      await runFleetBench({
        db: pool(),
        baseUrl: BASE,
        accounts: FLEET_ACCOUNTS,
        serverPid: server.pid ?? 0,
        workers: FLEET_WORKERS,
        again: args.includes("--again"),
        batch: FLEET_BATCH,
      });
    }
    const { disconnect } = await import("@/lib/db/client");
    const { stopBoss } = await import("@/lib/sync/queue");
    await stopBoss();
    await disconnect();
  } finally {
    // The server owns the embedded cluster; our connections are closed before it stops.
    await new Promise<void>((resolve) => {
      server.once("exit", () => resolve());
      server.kill("SIGTERM");
    });
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
