// Traces reach a collector over OTLP/HTTP and follow a sync across processes: a person's request to
// sync (here, the server) queues a run that a worker process (scripts/worker.ts, its own SDK) runs
// under the request's trace — request → run → bank call, and run → page → SQL. Nothing personal or
// secret is in what is sent.
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import { pool, prisma } from "@/lib/db/client";
import { startTracing, type Tracing } from "@/lib/tracing/sdk";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { ancestry, startOtlpReceiver } from "@/testing/support/otlp-receiver";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { startTestWorker, type ScriptProcess } from "@/testing/support/script-process";

withSandboxBank();
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let tracing: Tracing | null;
let worker: ScriptProcess;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  tracing = startTracing("server");
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await tracing?.shutdown();
  trace.disable();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await receiver?.close();
});

describe("traces", () => {
  it("follow a sync from the request through the worker's run to the bank call and the SQL", async () => {
    const c = await connectedConsent("alice");
    const { account, run: tracking } = await trackedAccount(c);
    // Tracking's own first run is left aside: the run under test is the one the request queues. The
    // worker starts only now, so it never holds the tracking run while the request queues its own.
    await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE id = $1", [tracking.id]);
    worker = await startTestWorker({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });

    const path = `/api/accounttracking/v1/accounts/${account.id}/sync-transactions`;
    const res = await call<{ data: { id: string } }>(syncRoute.POST, "POST", path, {
      headers: bearer(c.person.token, c.person.scopeId),
      params: { id: account.id },
    });
    expect(res.status, res.text).toBe(202);
    const runId = res.json.data.id;
    await expect
      .poll(async () => (await prisma().syncRun.findUniqueOrThrow({ where: { id: runId } })).state, {
        timeout: 90_000,
        interval: 200,
      })
      .toBe("succeeded");

    // Each process sends what it batched: the worker as it stops, this process on flush.
    expect(await worker.stop()).toEqual({ code: 0, signal: null });
    await tracing?.flush();

    const spans = receiver.spans;
    const request = spans.find(
      (s) => s.name === "POST /api/accounttracking/v1/accounts/{id}/sync-transactions" && s.process === "server",
    );
    expect(request, spans.map((s) => s.name).join(", ")).toBeDefined();
    expect(request?.attributes["http.response.status_code"]).toBe(202);
    const inTrace = spans.filter((s) => s.traceId === request?.traceId);

    const run = inTrace.find((s) => s.name === "sync.run" && s.attributes["ledgerlink.sync.run_id"] === runId);
    expect(run?.process).toBe("worker");
    expect(run?.attributes["ledgerlink.sync.outcome"]).toBe("succeeded");
    expect(ancestry(inTrace, run!)).toContain(request);

    const bankCall = inTrace.find((s) => s.name === "bank transactionsPage" && ancestry(inTrace, s).includes(run!));
    expect(bankCall?.attributes).toMatchObject({
      "ledgerlink.bank.integration": "sandbox",
      "ledgerlink.bank.status": "ok",
      "ledgerlink.bank.retry_attempt": 0,
    });

    const sql = inTrace.filter((s) => s.name.startsWith("pg.query") && ancestry(inTrace, s).includes(run!));
    const underPage = sql.filter((s) => ancestry(inTrace, s).some((a) => a.name === "sync.page"));
    expect(underPage.length).toBeGreaterThan(0);
    expect(underPage.some((s) => /INSERT INTO transactions/i.test(String(s.attributes["db.query.text"])))).toBe(true);

    // Nothing personal or secret went out: no token, IBAN, holder name, bank consent id or database password.
    const stored = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    const secrets = [
      c.person.token,
      c.bankConsentId,
      decodeURIComponent(new URL(process.env.DATABASE_URL ?? "").password),
      process.env.AUTH_SECRET ?? "",
      ...[stored.iban, stored.ownerName].filter((v): v is string => Boolean(v)),
    ].filter((v) => v.length >= 6);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const sent = receiver.bodies.join("\n");
    for (const secret of secrets) expect(sent.includes(secret), "a secret was sent").toBe(false);
    // On CI the build and lint run beside Vitest: a worker's start and first run took up to 35 s there.
  }, 180_000);
});
