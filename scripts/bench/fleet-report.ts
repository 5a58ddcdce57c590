// Runs the fleet benchmark (scripts/bench/fleet.ts) for `npm run bench` and prints its figures.
import type pg from "pg";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";
import { db as sharedDb } from "@/lib/db/client";
import { cpuLine } from "./cpu";
import {
  databaseSize,
  fleetRound,
  fleetViolations,
  peakRssMb,
  scheduleSpread,
  seedFleet,
  type FleetRound,
} from "./fleet";

const ms = (n: number) => `${n.toFixed(1)} ms`;

const between = (q: { p50: number; p99: number } | null) =>
  q ? `, between batches p50 ${ms(q.p50)} p99 ${ms(q.p99)}` : "";

function line(r: FleetRound) {
  return `  ${r.workers} worker${r.workers > 1 ? "s" : " "}: ${r.seconds.toFixed(1)} s${r.batches > 1 ? ` in ${r.batches} batches` : ""}, ${r.accountsPerMinute.toFixed(0)} accounts/min, failed ${r.failed} · page p50 ${ms(r.busy.p50)} p99 ${ms(r.busy.p99)} (idle before p50 ${ms(r.idle.p50)} p99 ${ms(r.idle.p99)}, after p50 ${ms(r.idleAfter.p50)} p99 ${ms(r.idleAfter.p99)}${between(r.between)}); in the app (Server-Timing) p50 ${ms(r.server.busy.p50)} p99 ${ms(r.server.busy.p99)} (idle before ${ms(r.server.idle.p50)}, ${ms(r.server.idle.p99)}; after ${ms(r.server.idleAfter.p50)}, ${ms(r.server.idleAfter.p99)}${between(r.server.between)}) · worker peak RSS ${r.workerPeakRssMb.map((m) => `${m.toFixed(0)} MB`).join(", ")}`;
}

/** The page p99 during the fleet against each idle figure: before, after, and between batches when there were some. */
function idleRatios(busy: number, idle: { p99: number }[]) {
  return idle.map((q) => `${(busy / q.p99).toFixed(2)}×`).join(", ");
}

/** Per account, what each role spent (CPU seconds), and what the run slots were doing. */
function costLines(r: FleetRound, accounts: number) {
  const per = (role: keyof FleetRound["cpu"]["used"]) =>
    `${role} ${((r.cpu.used[role] / accounts) * 1000).toFixed(0)} ms`;
  return [
    `    ${cpuLine(r.cpu)}`,
    `    CPU per account: ${(["database", "workers", "banks", "web"] as const).map(per).join(" · ")}`,
    `    a run, claimed to ended: p50 ${r.runs.p50.toFixed(2)} s, p99 ${r.runs.p99.toFixed(2)} s, mean ${r.runs.mean.toFixed(2)} s · the workers' run slots busy ${(r.runs.slotsBusy * 100).toFixed(0)}% of the round`,
  ];
}

export async function runFleetBench(options: {
  db: pg.Pool;
  baseUrl: string;
  accounts: number;
  serverPid: number;
  /** One round per entry, each on its own identical set of accounts (default: one worker, then two). */
  workers?: number[];
  /** Then the first round's accounts due again and synced once more, as later days' updates are. */
  again?: boolean;
  /** Accounts made due at once, batch after batch, idle pages read between (default: all at once). */
  batch?: number;
}) {
  const { db, baseUrl, accounts } = options;
  const rounds = options.workers ?? [1, 2];
  console.log(
    `\nFleet: ${accounts.toLocaleString("en")} sandbox accounts (~1,000 transactions each, 10 banks), ${options.batch && options.batch < accounts ? `due in batches of ${options.batch.toLocaleString("en")}, idle pages read between batches` : "all due at once"}; ${rounds.map((n) => `${n} worker process${n > 1 ? "es" : ""}`).join(", then ")}, each round on its own identical set`,
  );
  const t = performance.now();
  const fleets = [];
  for (const [i, n] of rounds.entries()) fleets.push(await seedFleet(accounts, `w${n}-${i}`));
  // The account whose transactions page is read during the rounds: one more, synced now.
  const probe = await seedFleet(1, "probe");
  const { run } = await createRun(sharedDb(), {
    scopeId: probe.scopeId,
    accountId: probe.accountIds[0],
    trigger: "manual",
    attended: true,
    psuIpAddress: "127.0.0.1",
  });
  await executeRun(run.id, "bench");
  console.log(
    `  (seeded ${rounds.length * accounts + 1} accounts in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  const url = `${baseUrl}/api/accounttracking/v1/accounts/${probe.accountIds[0]}/transactions?perPage=100`;
  const headers = { authorization: `Bearer ${probe.token}`, "x-scope": probe.scopeId, "accept-encoding": "identity" };
  const page = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`transactions page: ${res.status}`);
    await res.arrayBuffer();
    // The server's own time, from the request's arrival to its answer (Server-Timing `app`).
    return Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
  };
  const workerEnv = {
    ...process.env,
    APP_URL: baseUrl,
    SANDBOX_BANK_URL: process.env.SANDBOX_BANK_URL,
    SYNC_SCHEDULER: "0",
    LOG_LEVEL: "warn",
    SYNC_CONCURRENCY: process.env.SYNC_CONCURRENCY ?? "2",
  };
  const results: FleetRound[] = [];
  for (const [i, n] of rounds.entries()) {
    const result = await fleetRound({ db, fleet: fleets[i], workers: n, workerEnv, page, batch: options.batch });
    results.push(result);
    console.log(line(result));
    for (const l of costLines(result, accounts)) console.log(l);
  }
  if (options.again) {
    console.log(
      `  again, the first round's ${accounts.toLocaleString("en")} accounts due once more (their history unchanged at the bank):`,
    );
    const again = await fleetRound({ db, fleet: fleets[0], workers: rounds[0], workerEnv, page, batch: options.batch });
    console.log(line(again));
    for (const l of costLines(again, accounts)) console.log(l);
  }
  const all = fleets.flatMap((f) => f.accountIds);
  const twice = options.again ? fleets[0].accountIds : [];
  const [once, resynced] = await Promise.all([
    fleetViolations(
      db,
      fleets.slice(options.again ? 1 : 0).flatMap((f) => f.accountIds),
    ),
    fleetViolations(db, twice, 2),
  ]);
  const violations = { budget: once.budget + resynced.budget, duplicates: once.duplicates + resynced.duplicates };
  console.log(
    `  PSD2 budget violations ${violations.budget} · accounts with duplicate scheduled runs ${violations.duplicates} · peak RSS: app ${peakRssMb(options.serverPid).toFixed(0)} MB, bench ${peakRssMb(process.pid).toFixed(0)} MB`,
  );
  const spread = await scheduleSpread(db, all);
  console.log(
    `  the fleet's next automatic updates (every slot of the day, by UTC hour): min ${spread.min}, max ${spread.max}, mean ${spread.mean.toFixed(0)} an hour · ${spread.perHour.join(" ")}`,
  );
  const size = await databaseSize(db);
  console.log(
    `  database: ${size.transactions.toLocaleString("en")} transactions, ${size.tableBytesPerRow.toFixed(0)} bytes each in the table with its indexes, ${(size.databaseBytes / 2 ** 30).toFixed(2)} GiB in all`,
  );
  const one = results[rounds.indexOf(1)];
  const two = results[rounds.indexOf(2)];
  if (one && two)
    console.log(
      `ratio: two workers / one worker speed-up = ${(one.seconds / two.seconds).toFixed(2)}×   (target ≥ 1.8×)`,
    );
  console.log(
    `ratio: API transactions page p99 during fleet sync / idle (before, after${options.batch && options.batch < accounts ? ", between batches" : ""}) = ${results.map((r) => `${idleRatios(r.busy.p99, [r.idle, r.idleAfter, ...(r.between ? [r.between] : [])])} with ${r.workers}`).join("; ")}   (target ≤ 2×); in the app alone ${results.map((r) => idleRatios(r.server.busy.p99, [r.server.idle, r.server.idleAfter, ...(r.server.between ? [r.server.between] : [])])).join("; ")}`,
  );
}
