// Runs the fleet benchmark (scripts/bench/fleet.ts) for `npm run bench` and prints its figures.
import type pg from "pg";
import { executeRun } from "@/lib/sync/runner";
import { createRun } from "@/lib/sync/service";
import { db as sharedDb } from "@/lib/db/client";
import { fleetRound, fleetViolations, peakRssMb, seedFleet, type FleetRound } from "./fleet";

const ms = (n: number) => `${n.toFixed(1)} ms`;

function line(r: FleetRound) {
  return `  ${r.workers} worker${r.workers > 1 ? "s" : " "}: ${r.seconds.toFixed(1)} s, ${r.accountsPerMinute.toFixed(0)} accounts/min, failed ${r.failed} · page p50 ${ms(r.busy.p50)} p99 ${ms(r.busy.p99)} (idle p50 ${ms(r.idle.p50)} p99 ${ms(r.idle.p99)}) · worker peak RSS ${r.workerPeakRssMb.map((m) => `${m.toFixed(0)} MB`).join(", ")}`;
}

export async function runFleetBench(options: { db: pg.Pool; baseUrl: string; accounts: number; serverPid: number }) {
  const { db, baseUrl, accounts } = options;
  console.log(
    `\nFleet: ${accounts.toLocaleString("en")} sandbox accounts (~1,000 transactions each, 10 banks), all due at once; one worker process, then two on a second identical set`,
  );
  const t = performance.now();
  const one = await seedFleet(accounts, "one");
  const two = await seedFleet(accounts, "two");
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
  console.log(`  (seeded ${2 * accounts + 1} accounts in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
  const url = `${baseUrl}/api/accounttracking/v1/accounts/${probe.accountIds[0]}/transactions?perPage=100`;
  const headers = { authorization: `Bearer ${probe.token}`, "x-scope": probe.scopeId, "accept-encoding": "identity" };
  const page = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`transactions page: ${res.status}`);
    await res.arrayBuffer();
  };
  const workerEnv = {
    ...process.env,
    APP_URL: baseUrl,
    SANDBOX_BANK_URL: process.env.SANDBOX_BANK_URL,
    SYNC_SCHEDULER: "0",
    LOG_LEVEL: "warn",
    SYNC_CONCURRENCY: process.env.SYNC_CONCURRENCY ?? "2",
  };
  const single = await fleetRound({ db, fleet: one, workers: 1, workerEnv, page });
  console.log(line(single));
  const double = await fleetRound({ db, fleet: two, workers: 2, workerEnv, page });
  console.log(line(double));
  const violations = await fleetViolations(db, [...one.accountIds, ...two.accountIds]);
  console.log(
    `  PSD2 budget violations ${violations.budget} · accounts with duplicate scheduled runs ${violations.duplicates} · peak RSS: app ${peakRssMb(options.serverPid).toFixed(0)} MB, bench ${peakRssMb(process.pid).toFixed(0)} MB`,
  );
  console.log(
    `ratio: two workers / one worker speed-up = ${(single.seconds / double.seconds).toFixed(2)}×   (target ≥ 1.8×)`,
  );
  console.log(
    `ratio: API transactions page p99 during fleet sync / idle = ${(single.busy.p99 / single.idle.p99).toFixed(2)}× one worker, ${(double.busy.p99 / double.idle.p99).toFixed(2)}× two   (target ≤ 2×)`,
  );
}
