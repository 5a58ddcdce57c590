// Issue 38, part 2: a failover of the primary under load, survived. `npm run test:failover`
// (vitest.failover.config.mts; not part of `npm test`).
//
// Topology, from Debian's packages (testing/failover/ha-postgres.ts): etcd, two Patroni nodes (a
// primary and a synchronous streaming standby) and HAProxy routing to whichever node Patroni's REST
// API calls the leader; PgBouncer in transaction mode in front of HAProxy. Two app instances
// (`npm start`, SYNC_IN_APP=0) and two `npm run worker` processes, all with DATABASE_URL = PgBouncer
// and DATABASE_DIRECT_URL = HAProxy. The sandbox bank (`npm run banks`) on a database of its own
// that is not touched. A fleet of accounts in three scopes syncs (manual runs through the API), a
// webhook endpoint per scope sends to a local receiver, a connector per scope follows the scope's
// change feed, and a steady read load runs through both instances. Mid-sync, the primary node is
// lost: its Patroni and its postmaster both SIGKILLed (Patroni alone would restart a postmaster that
// died on its node: a crash restart, not a failover).
//
// Asserted: the standby is promoted; every answer during the outage is 2xx or 503 with Retry-After
// (never a 500 or another 5xx, never no answer); the app recovers without a restart of anything; every
// run ends (a failed run is synced again, and that one succeeds); every account equals the bank (each
// bank id once, count and sum); every outbox event reached the receiver at least once and the
// deliveries deduplicate by id to exactly the outbox; each scope's feed, followed through the outage,
// lists exactly the scope's rows and its positions only move on. A second round, on a fleet of its
// own, kills only the new primary's postmaster (Patroni restarts it in place) and asserts the same.
// Each round's timeline is printed and written to .data/failover/report-<round>.json.
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { startPgBouncer, type PgBouncer } from "@/testing/support/pgbouncer";
import { startScript, type ScriptProcess } from "@/testing/support/script-process";
import { startSmtpSink } from "@/testing/support/smtp-sink";
import { keepTestsOffline } from "@/testing/support/offline-env";
import {
  freePort,
  missingPackages,
  reapLeftovers,
  startHaPostgres,
  until,
  type HaPostgres,
  type PatroniNode,
} from "@/testing/failover/ha-postgres";
import { byStatus, quantile, startReadLoad, type Answer, type ReadLoad } from "@/testing/failover/read-load";
import { scopeFollower, type ScopeFollower } from "@/testing/failover/scope-feed";
import { buildIfNeeded } from "@/scripts/build-if-needed";
import { planDemoBanks } from "@/scripts/launch/demo-banks";

const DATA_DIR = path.resolve(process.env.FAILOVER_DATA_DIR ?? ".data/failover");
/** Accounts per scope; each a `bulk-N` user of the sandbox bank (N transactions, all booked). */
const SCOPES = (process.env.FAILOVER_SCOPES ?? "24,16,8").split(",").map(Number);
const AUTH_SECRET = "failover-test-secret-0123456789abcdef";
const CONTROL_SECRET = "failover-control-secret";
/** The second round's fleet (a crash restart of the postmaster alone). */
const CRASH_SCOPES = (process.env.FAILOVER_CRASH_SCOPES ?? "12").split(",").map(Number);
/** Kill once this share of the runs has ended (the rest are queued or mid-sync). */
const KILL_AT_SHARE = 0.25;

type Account = { id: string; scope: number; bankId: string; user: string; resourceId: string; bankConsentId: string };
type Scope = { scopeId: string; headers: Record<string, string>; follower: ScopeFollower };

const stoppers: { name: string; stop: () => Promise<unknown> }[] = [];
const logs: { name: string; output: () => string }[] = [];
let ha: HaPostgres;
let pooler: PgBouncer;
let bankDb: EmbeddedDatabase;
let db: pg.Pool;
const instances: string[] = [];
const apps: ScriptProcess[] = [];
const workers: ScriptProcess[] = [];
let banksUrl = "";

const owned = (name: string, stop: () => Promise<unknown>) => stoppers.push({ name, stop });
const q = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  db.query<T>(sql, params).then((r) => r.rows);

beforeAll(async () => {
  const missing = missingPackages();
  if (missing) throw new Error(`The failover test needs Debian's packages: ${missing}`);
  keepTestsOffline();
  const reaped = reapLeftovers(DATA_DIR);
  if (reaped) console.log(`Stopped ${reaped} processes an earlier run left under ${DATA_DIR}`);
  mkdirSync(DATA_DIR, { recursive: true });
  // This run's reports and logs only (the clusters' directories are made afresh by their starters).
  for (const file of readdirSync(DATA_DIR))
    if (/^(report.*\.json|.*\.log)$/.test(file)) rmSync(path.join(DATA_DIR, file), { force: true });
  // One build for the two instances (each launcher would otherwise build into the same .next).
  buildIfNeeded();

  ha = await startHaPostgres(path.join(DATA_DIR, "ha"), "ledgerlink");
  owned("HA PostgreSQL", () => ha.stop());
  // server_login_retry: PgBouncer waits this long after a failed server login before trying again
  // (15 s by default); 1 s lets it find the new primary as soon as HAProxy routes there.
  pooler = await startPgBouncer(ha.url, path.join(DATA_DIR, "pgbouncer"), {
    settings: { default_pool_size: "20", server_login_retry: "1", server_connect_timeout: "3" },
  });
  owned("PgBouncer", () => pooler.stop());
  bankDb = await startEmbeddedPostgres({ dir: path.join(DATA_DIR, "bank-pg"), database: "sandbox_bank" });
  owned("the bank's PostgreSQL", () => bankDb.stop());
  const mail = await startSmtpSink(path.join(DATA_DIR, "mail", "received.jsonl"));
  owned("SMTP sink", () => mail.stop());
  db = new pg.Pool({ connectionString: ha.url, max: 4 });
  db.on("error", () => undefined);
  owned("test pool", () => db.end());

  // The banks: their own process and database, never touched by the failover.
  const [portA, portB, banksPort] = [await freePort(), await freePort(), await freePort()];
  const plan = planDemoBanks({
    env: { ...process.env, BANKS_PORT: String(banksPort), SANDBOX_CONTROL_SECRET: CONTROL_SECRET },
    dataDir: DATA_DIR,
    appPort: portA,
    sandboxDatabaseUrl: bankDb.url,
  });
  banksUrl = plan.url;
  const banks = startScript(
    "banks",
    { ...process.env, DATA_DIR, LOG_LEVEL: "warn", ...plan.banksEnv },
    { captureStderr: true },
  );
  owned("banks", () => banks.stop());
  logs.push({ name: "banks", output: banks.output });
  await banks.ready;

  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR,
    DATABASE_URL: pooler.pooledUrl,
    DATABASE_DIRECT_URL: ha.url,
    AUTH_SECRET,
    SANDBOX_BANK_ENABLED: "1",
    SANDBOX_CONTROL_SECRET: CONTROL_SECRET,
    SIGNUP: "open",
    SMTP_URL: mail.url,
    SYNC_IN_APP: "0",
    SYNC_SCHEDULER: "0",
    SYNC_SWEEP_SECONDS: "1",
    SYNC_BACKOFF_SECONDS: "1",
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    RATE_LIMIT_POINTS: "1000000",
    LOG_LEVEL: "warn",
    ...plan.appEnv,
  };
  delete common.VITEST;
  delete common.VITEST_POOL_ID;
  delete common.VITEST_WORKER_ID;
  // The first instance applies the migrations; the second starts once they are there.
  for (const [k, port] of [portA, portB].entries()) {
    const url = `http://localhost:${port}`;
    const app = startScript("start", { ...common, PORT: String(port), APP_URL: url }, { captureStderr: true });
    owned(`app ${port}`, () => app.stop());
    logs.push({ name: `app-${k + 1}`, output: app.output });
    await app.ready;
    apps.push(app);
    instances.push(url);
  }
  for (const k of [1, 2]) {
    const worker = startScript("worker", { ...common, APP_URL: instances[0] }, { captureStderr: true });
    owned(`worker ${k}`, () => worker.stop());
    logs.push({ name: `worker-${k}`, output: worker.output });
    await worker.ready;
    workers.push(worker);
  }
}, 600_000);

afterAll(async () => {
  for (const { name, output } of logs) writeFileSync(path.join(DATA_DIR, `${name}.log`), output());
  for (const { name, stop } of stoppers.reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error(`Stopping ${name} failed:`, error);
    }
  }
}, 180_000);

/** The product's own modules, loaded against the HA cluster (HAProxy), for seeding only. */
async function seed(
  receiverUrl: string,
  sizes: number[],
  label: string,
  offset: number,
): Promise<{ accounts: Account[]; scopes: Scope[] }> {
  process.env.DATABASE_URL = ha.url;
  process.env.AUTH_SECRET = AUTH_SECRET;
  process.env.SANDBOX_BANK_URL = banksUrl;
  process.env.SANDBOX_CONTROL_SECRET = CONTROL_SECRET;
  const { makePerson } = await import("@/testing/support/fixtures");
  const { insertTrackedAccounts } = await import("@/testing/support/sync/accounts");
  const { approvedAtBank } = await import("@/testing/support/sandbox-bank-calls");
  const { endpointAt } = await import("@/testing/support/webhook-receiver");
  const { WEBHOOK_EVENTS } = await import("@/lib/webhooks/events");
  const { encodeResourceId } = await import("@/sandbox/bank/data/accounts");
  const { BANKS } = await import("@/sandbox/bank/data/banks");
  const bankIds = BANKS.slice(0, 6).map((b) => b.bankId);
  const accounts: Account[] = [];
  const scopes: Scope[] = [];
  let i = offset;
  for (const [s, size] of sizes.entries()) {
    const person = await makePerson(`${label}-${s}`);
    const headers = { authorization: `Bearer ${person.token}`, "x-scope": person.scopeId };
    // Before any sync: every event of the scope goes to the receiver.
    await endpointAt(receiverUrl, person, [...WEBHOOK_EVENTS], `${label} scope ${s}`);
    const slots = Array.from({ length: size }, () => {
      const k = i++;
      // 500 to 2,900 transactions: runs of different lengths, so some are mid-sync at the kill.
      return { bankId: bankIds[k % bankIds.length], user: `bulk-${500 + ((k * 211) % 2400)}` };
    });
    const consents = await Promise.all(slots.map((slot) => approvedAtBank(slot.bankId, slot.user)));
    const specs = slots.map((slot, k) => ({
      bankId: slot.bankId,
      externalId: encodeResourceId(slot.bankId, slot.user, 0),
      bankConsentId: consents[k],
      nextScheduledAt: new Date(Date.now() + 365 * 86_400_000),
    }));
    const ids = await insertTrackedAccounts(person.scopeId, person.userId, specs);
    ids.forEach((id, k) =>
      accounts.push({ id, scope: s, ...slots[k], resourceId: specs[k].externalId, bankConsentId: consents[k] }),
    );
    scopes.push({ scopeId: person.scopeId, headers, follower: scopeFollower(person.scopeId, headers) });
  }
  return { accounts, scopes };
}

/** Starts a sync of the account through an instance (a person's token: 202 with the run). */
async function startSync(instance: string, headers: Record<string, string>, accountId: string): Promise<number> {
  const res = await fetch(`${instance}/api/accounttracking/v1/accounts/${accountId}/sync-transactions`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": randomUUID() },
    signal: AbortSignal.timeout(120_000),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Runs `task` over `items`, `width` at a time; the results in order. */
async function inTurn<T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const k = next++;
      results[k] = await task(items[k], k);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

/** Every transaction the bank lists for the account (all pages, as a present PSU: no budget spent). */
async function bankRows(account: Account): Promise<{ id: string; amount: string }[]> {
  const rows: { id: string; amount: string }[] = [];
  let href: string | null =
    `${banksUrl}/sandbox-bank/api/banks/${account.bankId}/v1/accounts/${account.resourceId}/transactions?bookingStatus=both&itemsPerPage=1000`;
  while (href) {
    const res: Response = await fetch(href, {
      headers: { "consent-id": account.bankConsentId, "x-request-id": randomUUID(), "psu-ip-address": "192.0.2.10" },
    });
    if (res.status !== 200) throw new Error(`bank ${res.status}: ${await res.text()}`);
    type T = { transactionId: string; transactionAmount: { amount: string } };
    const report = (await res.json()) as {
      transactions: { booked?: T[]; pending?: T[]; _links?: { next?: { href: string } } };
    };
    for (const t of [...(report.transactions.booked ?? []), ...(report.transactions.pending ?? [])])
      rows.push({ id: t.transactionId, amount: t.transactionAmount.amount });
    const next = report.transactions._links?.next?.href;
    href = next ? new URL(next, banksUrl).toString() : null;
  }
  return rows;
}

const cents = (amount: string) => {
  const negative = amount.startsWith("-");
  const [whole, fraction = ""] = amount.replace("-", "").split(".");
  const value = BigInt(whole) * 100n + BigInt((fraction + "00").slice(0, 2));
  return negative ? -value : value;
};

const seconds = (ms: number | null) => (ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`);

type Receiver = Awaited<ReturnType<typeof import("@/testing/support/webhook-receiver").webhookReceiver>>;
let receiver: Receiver | null = null;
/** The webhook ids of the rounds before (their late duplicates are not this round's). */
const earlierEvents = new Set<string>();

/** What a round's fault did: when it struck, and when each step of the database's return was seen. */
type Fault = { tKill: number; what: string; steps: Record<string, number>; back: number };

/**
 * One round: a fleet of its own (scopes of `sizes`) syncs under the read load and the feed followers;
 * `fault` strikes once a share of its runs has ended and some run, and resolves when the database is
 * back. Then every run must end, and the rows, webhooks and feeds be whole. Returns the report and
 * asserts.
 */
async function round(name: string, sizes: number[], offset: number, fault: () => Promise<Fault>) {
  if (!receiver) {
    const { webhookReceiver } = await import("@/testing/support/webhook-receiver");
    const started = await webhookReceiver();
    owned("webhook receiver", () => started.close());
    receiver = started;
  }
  const hooks = receiver;
  const deliveredBefore = hooks.received.length;
  const { accounts, scopes } = await seed(hooks.url, sizes, name, offset);
  const accountIds = accounts.map((a) => a.id);

  // Each instance answers an authenticated read before the load starts (its routes loaded).
  for (const instance of instances)
    await until(
      `${instance} to answer`,
      async () =>
        (
          await fetch(`${instance}/api/accounttracking/v1/accounts?perPage=1`, {
            headers: scopes[0].headers,
            signal: AbortSignal.timeout(60_000),
          })
        ).status === 200,
      120_000,
      500,
    );

  // Connectors start following each scope's feed, and the read load starts, before the syncs.
  let following = true;
  let turn = 0;
  const followLoop = (async () => {
    while (following) {
      for (const scope of scopes) await scope.follower.catchUp(instances[turn++ % instances.length]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  const load: ReadLoad = startReadLoad({
    instances,
    headers: scopes[0].headers,
    accountIds: accounts.filter((a) => a.scope === 0).map((a) => a.id),
    loops: 3,
    pauseMs: 100,
  });
  const tLoad = Date.now();

  // Every account synced once, through both instances.
  const started = await inTurn(accounts, 4, (a, k) =>
    startSync(instances[k % instances.length], scopes[a.scope].headers, a.id),
  );
  expect(
    started.every((s) => s === 202),
    `sync starts: ${JSON.stringify(byStatus(started.map((status) => ({ status }) as Answer)))}`,
  ).toBe(true);
  const tSyncs = Date.now();

  // Kill the primary node mid-sync: once a share of the runs has ended and some are still running.
  const before = await until(
    "a share of the runs to end while others run",
    async () => {
      const [r] = await q<{ ended: number; running: number }>(
        `SELECT count(*) FILTER (WHERE state IN ('succeeded', 'failed'))::int AS ended,
                count(*) FILTER (WHERE state = 'running')::int AS running
           FROM sync_runs WHERE account_id = ANY($1::uuid[])`,
        [accountIds],
      );
      return r.ended >= Math.ceil(accounts.length * KILL_AT_SHARE) && r.running > 0 ? r : null;
    },
    600_000,
    100,
  );
  const { tKill, what, steps, back } = await fault();
  console.log(`${name}: ${what} with ${before.ended} runs ended, ${before.running} running`);

  const clusterAfter = await ha.clusterState();

  // Every run ends, by itself: none queued or running.
  const idle = async () =>
    (
      await q<{ n: number }>(
        "SELECT count(*)::int AS n FROM sync_runs WHERE account_id = ANY($1::uuid[]) AND state IN ('queued', 'running')",
        [accountIds],
      )
    )[0].n === 0;
  await until("every run to end", idle, 420_000, 500).catch(async (error: unknown) => {
    const open = await q(
      `SELECT r.id, r.state, r.attempts, r.last_error, r.heartbeat_at,
              (SELECT json_agg(json_build_object('state', j.state, 'started', j.started_on)) FROM pgboss.job j
                WHERE j.data->>'runId' = r.id::text) AS jobs
         FROM sync_runs r WHERE r.account_id = ANY($1::uuid[]) AND r.state IN ('queued', 'running')`,
      [accountIds],
    );
    throw new Error(`${String(error)}; still open: ${JSON.stringify(open)}`);
  });
  const tRunsEnded = Date.now();
  const firstRound = await q<{ state: string; attempts: number; n: number }>(
    `SELECT state, attempts, count(*)::int AS n FROM sync_runs WHERE account_id = ANY($1::uuid[])
      GROUP BY state, attempts ORDER BY state, attempts`,
    [accountIds],
  );
  // An account whose run failed (its error said why) is synced again; that run must succeed.
  const failed = await q<{ account_id: string; last_error: string | null }>(
    `SELECT account_id, last_error FROM (SELECT DISTINCT ON (account_id) account_id, state, last_error FROM sync_runs
      WHERE account_id = ANY($1::uuid[]) ORDER BY account_id, created_at DESC) r WHERE state = 'failed'`,
    [accountIds],
  );
  const failedErrors = failed.map((f) => f.last_error);
  for (const f of failed) {
    const account = accounts.find((a) => a.id === f.account_id);
    if (!account) continue;
    expect(await startSync(instances[0], scopes[account.scope].headers, account.id)).toBe(202);
  }
  if (failed.length) await until("the retried runs to end", idle, 300_000, 500);
  const latest = await q<{ state: string; n: number }>(
    `SELECT state, count(*)::int AS n FROM (SELECT DISTINCT ON (account_id) state FROM sync_runs
      WHERE account_id = ANY($1::uuid[]) ORDER BY account_id, created_at DESC) r GROUP BY state`,
    [accountIds],
  );
  expect(latest, "every account's latest run succeeded").toEqual([{ state: "succeeded", n: accounts.length }]);

  // A few more seconds of reads after recovery, then the load stops.
  const recovered = await until(
    "a good answer after the database is back",
    () => load.answers.find((a) => a.at > back && a.status === 200) ?? null,
    120_000,
    200,
  );
  await until(
    "10 s of reads after recovery",
    () => Date.now() > Math.max(recovered.at, tRunsEnded) + 10_000,
    60_000,
    500,
  );
  await load.stop();
  following = false;
  await followLoop;

  // Nothing was restarted: the apps and workers started before the kill still run.
  for (const p of [...apps, ...workers]) expect(p.child.exitCode, p.output().slice(-2000)).toBeNull();

  // Every answer 2xx or 503 with Retry-After.
  const answers = load.answers;
  const bad = answers.filter((a) => !(a.status >= 200 && a.status < 300) && !(a.status === 503 && a.retryAfter));
  // The timeline by when answers came (a request the pooler held while there was no primary is
  // answered late, not refused): the outage lasts from the kill to the first good answer to a request
  // sent after it; "during" is every request that overlapped that span.
  const done = (a: Answer) => a.at + a.ms;
  const byDone = [...answers].sort((a, b) => done(a) - done(b));
  const unavailable = byDone.filter((a) => a.status === 503 && done(a) >= tKill);
  const firstUnavailable = unavailable[0] ?? null;
  const lastUnavailable = unavailable.at(-1) ?? null;
  const firstGood = byDone.find((a) => a.status === 200 && a.at >= tKill) ?? null;
  const recoveredAt = firstGood ? done(firstGood) : back;
  const ms = (list: Answer[]) => list.map((a) => a.ms);
  const windows = {
    before: ms(answers.filter((a) => done(a) < tKill)),
    during: ms(answers.filter((a) => a.at < recoveredAt && done(a) >= tKill)),
    after: ms(answers.filter((a) => a.at >= recoveredAt)),
  };

  // Rows: every account equals the bank, each bank id once.
  const equality: {
    account: string;
    bank: number;
    ours: number;
    duplicates: number;
    missing: number;
    extra: number;
    sumOk: boolean;
  }[] = [];
  for (const account of accounts) {
    const bank = await bankRows(account);
    const ours = await q<{ external_id: string; amount: string }>(
      "SELECT external_id, amount::text AS amount FROM transactions WHERE account_id = $1 AND removed_at IS NULL",
      [account.id],
    );
    const ourIds = new Set(ours.map((r) => r.external_id));
    const bankIds = new Set(bank.map((r) => r.id));
    equality.push({
      account: account.id,
      bank: bank.length,
      ours: ours.length,
      duplicates: ours.length - ourIds.size,
      missing: [...bankIds].filter((id) => !ourIds.has(id)).length,
      extra: [...ourIds].filter((id) => !bankIds.has(id)).length,
      sumOk: bank.reduce((s, r) => s + cents(r.amount), 0n) === ours.reduce((s, r) => s + cents(r.amount), 0n),
    });
  }
  const unequal = equality.filter((e) => e.bank !== e.ours || e.duplicates || e.missing || e.extra || !e.sumOk);

  // Webhooks: every outbox event of the scopes reached the receiver, deduplicated by id exactly.
  const scopeIds = scopes.map((s) => s.scopeId);
  const outbox = async () =>
    new Set(
      (await q<{ id: string }>("SELECT id FROM webhook_events WHERE scope_id = ANY($1::uuid[])", [scopeIds])).map(
        (r) => `msg_${r.id}`,
      ),
    );
  // This round's deliveries: the receiver's since the round began, less the earlier rounds' events.
  const received = () =>
    hooks.received
      .slice(deliveredBefore)
      .map((r) => r.headers["webhook-id"])
      .filter((id) => !earlierEvents.has(id));
  await until(
    "every outbox event delivered",
    async () => {
      const events = await outbox();
      const got = new Set(received());
      return [...events].every((id) => got.has(id));
    },
    180_000,
    500,
  );
  const events = await outbox();
  const deliveries = received();
  for (const id of events) earlierEvents.add(id);
  const distinct = new Set(deliveries);

  // Feeds: one last catch-up, then each scope's copy is exactly its rows; positions only move on.
  const { positionOf, scopeFeed } = await import("@/lib/changes/cursor");
  const feeds: {
    scope: string;
    rows: number;
    copy: number;
    missing: number;
    extra: number;
    wrong: number;
    backwards: number;
    repeats: number;
    statuses: Record<string, number>;
  }[] = [];
  for (const scope of scopes) {
    expect(await scope.follower.catchUp(instances[0])).toBe(true);
    const rows = await q<{ id: string; external_id: string; amount: string }>(
      "SELECT id, external_id, amount::text AS amount FROM transactions WHERE scope_id = $1 AND removed_at IS NULL",
      [scope.scopeId],
    );
    const copy = scope.follower.copy;
    const byId = new Map(rows.map((r) => [r.id, r]));
    let backwards = 0;
    let last = -1n;
    for (const cursor of scope.follower.cursors) {
      const position = positionOf(scopeFeed(scope.scopeId), cursor).after;
      if (position < last) backwards += 1;
      last = position;
    }
    feeds.push({
      scope: scope.scopeId,
      rows: rows.length,
      copy: copy.size,
      missing: rows.filter((r) => !copy.has(r.id)).length,
      extra: [...copy.keys()].filter((id) => !byId.has(id)).length,
      wrong: [...copy.values()].filter((c) => {
        const r = byId.get(c.id);
        return r && (r.external_id !== c.bankTransactionId || cents(r.amount) !== cents(c.amount));
      }).length,
      backwards,
      repeats: scope.follower.repeatsInPage,
      statuses: scope.follower.statuses,
    });
  }

  const report = {
    topology:
      "etcd + 2 Patroni nodes (synchronous_mode) + HAProxy (GET /primary) ← PgBouncer (transaction mode) ← 2 web + 2 workers",
    accounts: accounts.length,
    scopes: sizes,
    transactions: equality.reduce((s, e) => s + e.bank, 0),
    timeline: {
      syncsStarted: seconds(tSyncs - tLoad),
      kill: `t=0 (${what}; ${before.ended} runs ended, ${before.running} running)`,
      ...Object.fromEntries(Object.entries(steps).map(([step, at]) => [step, seconds(at - tKill)])),
      first503: firstUnavailable ? seconds(done(firstUnavailable) - tKill) : "none",
      last503: lastUnavailable ? seconds(done(lastUnavailable) - tKill) : "none",
      firstGoodAnswer: firstGood ? seconds(done(firstGood) - tKill) : "—",
      outage: seconds(recoveredAt - tKill),
      runsEnded: seconds(tRunsEnded - tKill),
    },
    reads: {
      total: answers.length,
      byStatus: byStatus(answers),
      p50p99ms: Object.fromEntries(
        Object.entries(windows).map(([k, v]) => [
          k,
          { n: v.length, p50: quantile(v, 0.5), p99: quantile(v, 0.99), max: Math.max(...v) },
        ]),
      ),
    },
    runs: { firstRound, failedThenRetried: failed.length, failedErrors, latest },
    bank: { accountsEqual: accounts.length - unequal.length, unequal },
    webhooks: {
      events: events.size,
      deliveries: deliveries.length,
      distinct: distinct.size,
      duplicates: deliveries.length - distinct.size,
    },
    feeds,
    patroni: clusterAfter,
  };
  writeFileSync(path.join(DATA_DIR, `report-${name}.json`), JSON.stringify(report, null, 2));
  console.log(`\n${name}: timeline and checks\n${JSON.stringify(report, null, 2)}\n`);

  expect(bad, `answers neither 2xx nor 503 with Retry-After: ${JSON.stringify(bad.slice(0, 10))}`).toEqual([]);
  expect(firstGood, "a good answer after the kill").not.toBeNull();
  expect(unequal, "accounts that differ from the bank").toEqual([]);
  expect([...distinct].sort(), "deliveries deduplicated by id = the outbox").toEqual([...events].sort());
  for (const f of feeds) {
    expect(f.missing, `feed of ${f.scope}: rows never listed`).toBe(0);
    expect(f.extra, `feed of ${f.scope}: rows that are not there`).toBe(0);
    expect(f.wrong, `feed of ${f.scope}: rows at another state`).toBe(0);
    expect(f.backwards, `feed of ${f.scope}: cursor positions moving back`).toBe(0);
    expect(f.repeats, `feed of ${f.scope}: a row twice in one page`).toBe(0);
  }
}

/** Whether the node's server answers and is out of recovery (a primary). */
async function writable(node: PatroniNode): Promise<boolean> {
  const client = new pg.Client({ connectionString: ha.nodeUrl(node), connectionTimeoutMillis: 2_000 });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return !(await client.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby")).rows[0].standby;
  } finally {
    await client.end();
  }
}

it("survives the loss of the primary under load: promoted, 503 not 500, runs end, rows, webhooks and feeds whole", async () => {
  const [node1, node2] = ha.nodes;
  expect((await ha.leader())?.name).toBe("node1");
  await round("failover", SCOPES, 0, async () => {
    const postmaster = node1.postmasterPid();
    expect(postmaster).not.toBeNull();
    const tKill = Date.now();
    node1.process.child.kill("SIGKILL");
    process.kill(postmaster ?? 0, "SIGKILL");
    // The standby is promoted: Patroni's REST API says node2 leads (it holds the leader key), then the
    // server itself leaves recovery.
    await until("node2 to take the leader key", async () => (await node2.rest("/primary")) === 200, 120_000, 100);
    const tLeaderKey = Date.now();
    await until("node2 to leave recovery", () => writable(node2), 60_000, 100);
    const tPromoted = Date.now();
    return {
      tKill,
      what: `node1 lost: its Patroni (${node1.process.child.pid}) and postmaster (${postmaster}) SIGKILLed`,
      steps: { leaderKeyTaken: tLeaderKey, promotionSeen: tPromoted },
      back: tPromoted,
    };
  });
});

it("rides through a crash restart of the primary's postmaster (Patroni restarts it in place)", async () => {
  const leader = await ha.leader();
  expect(leader?.name).toBe("node2");
  const node = leader ?? ha.nodes[1];
  await round("crash-restart", CRASH_SCOPES, 1000, async () => {
    const postmaster = node.postmasterPid();
    expect(postmaster).not.toBeNull();
    const tKill = Date.now();
    process.kill(postmaster ?? 0, "SIGKILL");
    // Patroni sees its postmaster gone and starts it again (crash recovery), still the leader.
    const restarted = await until(
      "the postmaster to be started again",
      () => {
        const pid = node.postmasterPid();
        return pid !== null && pid !== postmaster ? pid : null;
      },
      120_000,
      100,
    );
    const tStarted = Date.now();
    await until("the node to lead again", async () => (await node.rest("/primary")) === 200, 120_000, 100);
    const tLeading = Date.now();
    // Patroni starts a crashed primary in recovery first, then promotes it while it still holds the
    // leader key (HAProxy may route to it meanwhile: writes there are refused, 25006, answered 503).
    await until("the node to take writes again", () => writable(node), 120_000, 100);
    const tWritable = Date.now();
    return {
      tKill,
      what: `${node.name}'s postmaster (${postmaster}) SIGKILLed, its Patroni left running (new postmaster ${restarted})`,
      steps: { postmasterStartedAgain: tStarted, leadingAgain: tLeading, takingWrites: tWritable },
      back: tWritable,
    };
  });
});
