// Behind a transaction pooler (PgBouncer 1.18 in transaction mode, Debian's package) as most managed
// PostgreSQL offerings hand out: DATABASE_URL is PgBouncer, DATABASE_DIRECT_URL the server. First the
// pooler is shown to break what it must (startup options refused, a named statement met on another
// client's server connection), so the rest proves something; then the app's paths that used them
// work through it: bearer authentication (named statements), the rate limiter's store and the probes
// (startup options, now SET LOCAL), the repair pass's session lock and the principal cache's LISTEN
// (the direct server), and a whole sync by a worker process of its own through the pooler. Last, the
// pooler goes away and comes back (a restart; for a worker, a partition from its database): the API
// answers 503 with Retry-After meanwhile, never a 500, and both recover by themselves.
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import { repairConsents } from "@/lib/accounttracking/consents/repair";
import { bookkeepingPool, disconnect, pool, prisma, probePool, statement } from "@/lib/db/client";
import { behindTransactionPooler, sessionDatabaseUrl } from "@/lib/env";
import { stopBoss } from "@/lib/sync/queue";
import { bankTotals, connectedConsent, trackedAccount, type Connected } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { startPgBouncer, type PgBouncer } from "@/testing/support/pgbouncer";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { startTestWorker } from "@/testing/support/script-process";
import { expectEqualToBank, ours } from "@/testing/support/sync/bank-totals";

withSandboxBank();
const directUrl = process.env.DATABASE_URL ?? "";
let bouncer: PgBouncer;

beforeAll(async () => {
  bouncer = await startPgBouncer(directUrl, path.resolve(`.data/test/pgbouncer-${process.pid}`), {
    singleServer: "one_server",
  });
  await disconnect();
  process.env.DATABASE_URL = bouncer.pooledUrl;
  process.env.DATABASE_DIRECT_URL = directUrl;
}, 30_000);

afterAll(async () => {
  // This process's pg-boss (the track verb queued its job) goes before the pooler it talks through.
  await stopBoss();
  await disconnect();
  process.env.DATABASE_URL = directUrl;
  delete process.env.DATABASE_DIRECT_URL;
  await bouncer?.stop();
});

/** A client of its own through PgBouncer, to `database` (an alias of the pooler's). */
const throughPooler = (extra: pg.ClientConfig = {}, database?: string) => {
  const url = new URL(bouncer.pooledUrl);
  if (database) url.pathname = `/${database}`;
  return new pg.Client({ connectionString: url.toString(), ...extra });
};

/** A worker process of its own through the pooler while `body` runs; it must stop cleanly after. */
async function withWorker(body: () => Promise<void>) {
  const worker = await startTestWorker({ DATABASE_URL: bouncer.pooledUrl, DATABASE_DIRECT_URL: directUrl });
  try {
    await body();
  } finally {
    expect(await worker.stop(), worker.output().slice(-4000)).toEqual({ code: 0, signal: null });
  }
}

/** Tracks an account of `c`; the worker takes its first sync and finishes it, equal to the bank. */
async function syncedByTheWorker(c: Connected) {
  const { account, run } = await trackedAccount(c);
  await expect
    .poll(async () => (await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } })).state, {
      timeout: 90_000,
      interval: 200,
    })
    .toBe("succeeded");
  expectEqualToBank(await ours(account.id), await bankTotals(account.externalId));
}

describe("behind PgBouncer in transaction mode", () => {
  it("the pooler refuses startup options and mixes named statements across clients (what the app must not rely on)", async () => {
    const withOptions = throughPooler({ options: "-c synchronous_commit=off" });
    await expect(withOptions.connect()).rejects.toThrow(/unsupported startup parameter/);

    // `one_server` has one server connection: two clients preparing one name meet on it.
    const [a, b] = [throughPooler({}, "one_server"), throughPooler({}, "one_server")];
    await a.connect();
    await b.connect();
    try {
      await a.query({ name: "same", text: "SELECT 1 AS one" });
      await expect(b.query({ name: "same", text: "SELECT 1 AS one" })).rejects.toThrow(/prepared statement/);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("the app knows it is pooled: statements go unnamed, sessions go to the direct server", () => {
    expect(behindTransactionPooler()).toBe(true);
    expect(sessionDatabaseUrl()).toBe(directUrl);
    expect(statement("authenticate-bearer", "SELECT 1", [])).toEqual({ text: "SELECT 1", values: [] });
  });

  it("bookkeeping and probes say their settings per transaction, through the pooler", async () => {
    const book = await bookkeepingPool().query<{ synchronous_commit: string }>("SHOW synchronous_commit");
    expect(book.rows[0].synchronous_commit).toBe("off");
    const probe = await probePool().query<{ statement_timeout: string }>("SHOW statement_timeout");
    expect(probe.rows[0].statement_timeout).toBe("2s");
    // A named statement (as the rate limiter's store sends) goes unnamed: 20 at once over few servers.
    const named = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bookkeepingPool().query<{ n: number }>({ name: "rate_limits:get", text: "SELECT $1::int AS n", values: [i] }),
      ),
    );
    expect(named.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // Nothing leaked into the pooled sessions: a plain transaction sees the server's defaults.
    const plain = await pool().query<{ synchronous_commit: string }>("SHOW synchronous_commit");
    expect(plain.rows[0].synchronous_commit).toBe("on");
  });

  it("bearer authentication, a sync by a worker process and the repair pass all work through the pooler", async () => {
    const c = await connectedConsent("alice");
    // 40 authenticated requests at once over the pooler's few server connections.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(accountsRoute.GET, "GET", "/api/accounttracking/v1/accounts", {
          headers: bearer(c.person.token, c.person.scopeId),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));

    await withWorker(() => syncedByTheWorker(c));

    // The pass holds its lock on a session of the direct server, and releases it.
    expect(await repairConsents()).not.toBeNull();
    expect(await repairConsents()).not.toBeNull();
  }, 180_000);

  it("while the pooler is gone the API answers 503 with Retry-After, never a 500; the app and a worker recover by themselves", async () => {
    const c = await connectedConsent("alice");
    const accounts = () =>
      call<{ error: { code: string } }>(accountsRoute.GET, "GET", "/api/accounttracking/v1/accounts", {
        headers: bearer(c.person.token, c.person.scopeId),
      });
    await withWorker(async () => {
      expect((await accounts()).status).toBe(200);
      await bouncer.stop();
      const down = await Promise.all([accounts(), accounts(), accounts()]);
      for (const answer of down) {
        expect(answer.status, answer.text).toBe(503);
        expect(answer.json.error.code).toBe("service_unavailable");
        expect(answer.headers.get("retry-after")).toBe("2");
      }
      await bouncer.start();
      await expect.poll(async () => (await accounts()).status, { timeout: 30_000, interval: 200 }).toBe(200);

      // The worker lost its database while it waited for work; the next run is taken and finished.
      await syncedByTheWorker(c);
    });
  }, 180_000);
});
