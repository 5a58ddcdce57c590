// GET /api/metrics after a consent walk and a faulted sync: the counters move where they should.
// The sync runs in a worker process of its own (scripts/worker.ts, as `npm start` runs it), so its
// counters reach this scrape only through the worker's metrics port (lib/metrics/scrape.ts); the
// consent walk runs here, in the "server". Without the token the scrape is 401.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/metrics/route";
import { pool, prisma } from "@/lib/db/client";
import { enqueueRun, REQUESTED_PRIORITY } from "@/lib/sync/queue";
import { createRun } from "@/lib/sync/service";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import * as statusRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import { bearer, call } from "@/testing/support/http";
import { parseMetrics, total } from "@/testing/support/prometheus";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { startTestWorker, type ScriptProcess } from "@/testing/support/script-process";

// Read by lib/env.ts when it loads, so set before any import runs. The worker counts every run it
// executes, and its repair tick finishes what any earlier file on this worker's database left half
// done (a renewal queues its accounts' syncs): this file gets a database of its own, a copy of the
// migrated template (testing/support/global-setup.ts), so the counters move by its runs alone.
const { TOKEN, WORKER_PORT } = await vi.hoisted(async () => {
  const { execFileSync } = await import("node:child_process");
  const { inject } = await import("vitest");
  const { default: pg } = await import("pg");
  const own = new URL(process.env.DATABASE_URL ?? "");
  // Named after the template, hence after the run: the run's teardown drops it.
  const database = `${inject("templateDatabase")}_metrics`;
  const admin = new pg.Client({ connectionString: own.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${inject("templateDatabase")}"`);
  await admin.end();
  own.pathname = `/${database}`;
  process.env.DATABASE_URL = own.toString();
  const token = "metrics-test-token-0123456789";
  const port = execFileSync(process.execPath, [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
  process.env.METRICS_TOKEN = token;
  process.env.WORKER_METRICS_PORT = port;
  return { TOKEN: token, WORKER_PORT: port };
});

withSandboxBank();
let worker: ScriptProcess;

beforeAll(async () => {
  worker = await startTestWorker({
    SYNC_SWEEP_SECONDS: "1",
    WORKER_METRICS_PORT: WORKER_PORT,
    METRICS_TOKEN: TOKEN,
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
});

/**
 * A scrape the worker answered. One it did not answer within the server's 2 s (a loaded machine) leaves
 * the worker's series out and says `ledgerlink_worker_metrics_up 0` (lib/metrics/scrape.ts); its
 * counters would read as zero, so the test scrapes again until the worker is in.
 */
async function scrape() {
  let answer: { text: string; samples: ReturnType<typeof parseMetrics> } | undefined;
  await expect
    .poll(
      async () => {
        const res = await call(GET, "GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
        answer = { text: res.text, samples: parseMetrics(res.text) };
        return total(answer.samples, "ledgerlink_worker_metrics_up");
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(1);
  return answer!;
}

async function ended(runId: string) {
  await expect
    .poll(async () => (await prisma().syncRun.findUniqueOrThrow({ where: { id: runId } })).state, {
      timeout: 60_000,
      interval: 200,
    })
    .toMatch(/^(succeeded|failed)$/);
  return prisma().syncRun.findUniqueOrThrow({ where: { id: runId } });
}

describe("GET /api/metrics", () => {
  it("is 401 without the token, or with another", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer not-the-metrics-token" },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await call<{ error: { code: string } }>(GET, "GET", "/api/metrics", { headers });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe("unauthenticated");
      expect(res.text).not.toContain("ledgerlink_");
    }
  });

  it("after a consent walk and a rate-limited sync in the worker, shows the counters moving", async () => {
    const before = (await scrape()).samples;

    const c = await connectedConsent("ratelimited");
    // Tracked, its run's job queued with it; the worker takes it.
    const { account, run } = await trackedAccount(c);
    const first = await ended(run.id);
    expect(first.state).toBe("succeeded");
    // An unattended run right after: one of PSD2's 4 daily accesses.
    const { run: scheduled } = await createRun(prisma(), {
      scopeId: c.person.scopeId,
      accountId: account.id,
      trigger: "scheduled",
      attended: false,
      psuIpAddress: null,
    });
    await enqueueRun(scheduled.id, 0, REQUESTED_PRIORITY);
    expect((await ended(scheduled.id)).state).toBe("succeeded");

    // A person reads the account's sync status (the path with its id; the label with its template).
    const status = await call(statusRoute.GET, "GET", `/api/accounttracking/v1/accounts/${account.id}/sync-status`, {
      headers: bearer(c.person.token, c.person.scopeId),
      params: { id: account.id },
    });
    expect(status.status).toBe(200);

    const { text, samples: after } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      total(after, name, labels) - total(before, name, labels);

    // The consent walk, here in the server: API requests by route template, and its bank calls.
    const created = { method: "POST", route: "/api/accounttracking/v1/consents", status: "201" };
    expect(moved("ledgerlink_http_requests_total", { ...created, process: "server" })).toBe(1);
    expect(moved("ledgerlink_http_request_duration_seconds_count", created)).toBe(1);
    const read = { method: "GET", route: "/api/accounttracking/v1/accounts/{id}/sync-status", status: "200" };
    expect(moved("ledgerlink_http_requests_total", read)).toBe(1);
    expect(moved("ledgerlink_bank_calls_total", { operation: "createConsent", status: "ok", process: "server" })).toBe(
      1,
    );

    // The sync, in the worker: two 429s at the bank, then the run succeeded with its rows.
    const worker = { integration: "sandbox", process: "worker" };
    const limited = { ...worker, operation: "transactionsPage", status: "429", error_kind: "rate_limited" };
    expect(moved("ledgerlink_bank_calls_total", limited)).toBe(2);
    expect(moved("ledgerlink_sync_runs_total", { ...worker, outcome: "succeeded" })).toBe(2);
    expect(moved("ledgerlink_sync_rows_total", { ...worker, change: "added" })).toBe(first.added);
    expect(moved("ledgerlink_sync_run_duration_seconds_count", worker)).toBe(2);
    expect(moved("ledgerlink_psd2_unattended_accesses_total", { process: "worker" })).toBe(1);
    expect(total(after, "ledgerlink_worker_metrics_up")).toBe(1);
    // Its run slots admitted now (lib/sync/admission.ts): SYNC_CONCURRENCY (2) at most, never none.
    const admitted = total(after, "ledgerlink_sync_slots_admitted", { process: "worker" });
    expect(admitted).toBeGreaterThanOrEqual(1);
    expect(admitted).toBeLessThanOrEqual(2);

    // Read from the database at the scrape, once (the server's), and this process's pools.
    const { rows } = await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sync_runs WHERE state = 'queued'",
    );
    expect(after.filter((s) => s.name === "ledgerlink_sync_queue_depth")).toEqual([
      { name: "ledgerlink_sync_queue_depth", labels: { process: "server" }, value: rows[0].n },
    ]);
    expect(total(after, "ledgerlink_psd2_unattended_accesses_24h")).toBeGreaterThanOrEqual(1);
    expect(total(after, "ledgerlink_db_pool_connections", { pool: "primary", process: "server" })).toBeGreaterThan(0);

    // Labels carry templates, never ids.
    for (const id of [c.consentId, account.id, run.id, c.person.scopeId]) expect(text).not.toContain(id);
  });
});
