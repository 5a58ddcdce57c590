// Crash points, against the built app as `npm start` runs it. For each named point of a multi-step
// verb (lib/crash-points.ts) the app starts with CRASH_AT naming it; the scenario walks up to it and
// the process that reaches it kills itself there (SIGKILL: no cleanup, nothing flushed). The app is
// started again without a worker and the state the crash left is read, from our database and from
// the sandbox bank's own; it must be one of the allowed states. Then a worker's repair tick (and,
// where the verb is the caller's to finish, the person's retry) completes the operation: the end
// state is checked, no bank consent grants access without a valid consent here, and synced rows
// equal the bank's. The table point → after restart → after repair is printed at the end.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import type pg from "pg";
import { bankTransactions, expectEqualToBank, ourTransactions } from "./support/bank-truth";
import {
  approveAtSandboxBank,
  connectBank,
  initiateRedirect,
  pendingConsentAt,
  runEnded,
  syncStatus,
  trackAccount,
  type Connection,
  type TrackedAccount,
} from "./support/connect";
import {
  CRASH_BASE_URL,
  crashBanksUrl,
  openDatabases,
  restartWebOnly,
  startBanks,
  startCrashing,
  startRepairing,
} from "./support/crash-run";
import { approveAtEnableBanking } from "./support/enablebanking";
import { dataOf } from "./support/envelope";
import { signedInPerson, type Person } from "./support/person";
import { CRASH_DATA_DIR } from "./support/topology";
import { camt053OfEntries, fileEntry } from "../testing/support/statements/camt053-generated";
import type { ScriptProcess } from "../testing/support/script-process";

const API = "/api/accounttracking/v1";

type Db = { app: pg.Pool; bank: pg.Pool };
type Ctx = {
  person: Person;
  consentId?: string;
  oldConsentId?: string;
  bankId?: string;
  back?: URL;
  connection?: Connection;
  account?: TrackedAccount;
  key?: string;
  body?: Record<string, unknown>;
  createdAtBank?: number;
  firstId?: string;
};
type Scenario = {
  point: string;
  /** Before the crash, on the app that will die at `point`: what the verb needs. */
  prepare: (api: APIRequestContext, ctx: Ctx) => Promise<void>;
  /** The step that reaches the point (its answer, if any, is lost with the process). */
  trigger: (api: APIRequestContext, ctx: Ctx) => Promise<unknown>;
  /** Restarted, nothing repaired yet: the state must be one of the allowed ones. Returns it in words. */
  afterRestart: (api: APIRequestContext, db: Db, ctx: Ctx) => Promise<string>;
  /** The caller's retry, when finishing is theirs (with a worker running). */
  retry?: (api: APIRequestContext, ctx: Ctx) => Promise<void>;
  /** Waits for the repair, checks the end state, returns it in words. */
  afterRepair: (api: APIRequestContext, db: Db, ctx: Ctx) => Promise<string>;
};

/** A statement entry's fields beside its amount, date and references (the crash scenario's file). */
const FILE_ENTRY = fileEntry({
  amount: "1.00",
  currency: "EUR",
  bookingDate: "2019-01-10",
  creditorName: "Crash Test Supplies",
  debtorName: "Crash Test Customer",
});

// ——— reading the state ———

async function consentRow(db: Db, id: string) {
  const { rows } = await db.app.query<{
    status: string;
    external_id: string | null;
    bank_end_pending: boolean;
    revoke_requested: boolean;
  }>(
    `SELECT status, external_id, bank_end_pending, revoke_requested_at IS NOT NULL AS revoke_requested
       FROM consents WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The consent's authorizations' phases (lib/accounttracking/consents/authorization-lifecycle.ts), oldest first. */
async function phases(db: Db, consentId: string): Promise<string[]> {
  const { rows } = await db.app.query<{ phase: string }>(
    "SELECT phase FROM consent_authorizations WHERE consent_id = $1 ORDER BY created_at",
    [consentId],
  );
  return rows.map((r) => r.phase);
}

const bankStatus = async (db: Db, bankConsentId: string | null) =>
  bankConsentId
    ? ((
        await db.bank.query<{ status: string }>("SELECT status FROM sandbox_bank.consents WHERE id = $1", [
          bankConsentId,
        ])
      ).rows[0]?.status ?? "none")
    : "none";

const bankConsentCount = async (db: Db) =>
  Number((await db.bank.query<{ n: string }>("SELECT count(*) AS n FROM sandbox_bank.consents")).rows[0].n);

/** Consents valid at the bank that are not valid here: access granted that nobody here holds. */
async function orphans(db: Db): Promise<string[]> {
  const bank = await db.bank.query<{ id: string }>("SELECT id FROM sandbox_bank.consents WHERE status = 'valid'");
  const ours = await db.app.query<{ external_id: string }>(
    "SELECT external_id FROM consents WHERE status = 'valid' AND external_id IS NOT NULL",
  );
  const held = new Set(ours.rows.map((r) => r.external_id));
  return bank.rows.map((r) => r.id).filter((id) => !held.has(id));
}

async function latestRun(db: Db, accountId: string) {
  const { rows } = await db.app.query<{ state: string; pages: number; attempts: number }>(
    "SELECT state, pages, attempts FROM sync_runs WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1",
    [accountId],
  );
  return rows[0];
}

/**
 * Where the account's latest run stands after the crash. Its job commits with it (the verb's one
 * transaction), so the crashed app's own worker may have taken it already; a run still queued must
 * have its job waiting: no run is ever left without one.
 */
async function runQueuedWithItsJob(db: Db, accountId: string): Promise<string> {
  const run = await latestRun(db, accountId);
  expect(["queued", "running", "succeeded"]).toContain(run.state);
  if (run.state === "queued") {
    const { rows } = await db.app.query<{ id: string }>("SELECT id FROM sync_runs WHERE account_id = $1", [accountId]);
    const jobs = await db.app.query(
      "SELECT 1 FROM pgboss.job WHERE name = 'sync-run' AND data->>'runId' = ANY($1) AND state IN ('created', 'retry', 'active')",
      [rows.map((r) => r.id)],
    );
    expect(jobs.rowCount).toBeGreaterThan(0);
  }
  return run.state;
}

const rowCount = async (db: Db, accountId: string) =>
  Number(
    (await db.app.query<{ n: string }>("SELECT count(*) AS n FROM transactions WHERE account_id = $1", [accountId]))
      .rows[0].n,
  );

const poll = (what: () => Promise<unknown>) => expect.poll(what, { timeout: 60_000, intervals: [250, 500, 1000] });

// ——— steps the scenarios share ———

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`scenario context: ${what} missing`);
  return value;
};

/** A pending consent at the first Belgian sandbox bank, sent there and approved by alice: the redirect back. */
async function approvedAtSandbox(api: APIRequestContext, ctx: Ctx): Promise<void> {
  const { consentId, bankId } = await pendingConsentAt(api, ctx.person.session, "sandbox", "BE");
  const atBank = await initiateRedirect(api, ctx.person.session, consentId);
  Object.assign(ctx, { consentId, bankId, back: await approveAtSandboxBank(api, atBank, bankId, "alice") });
}

const landOnCallback = (api: APIRequestContext, back: URL) =>
  api.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });

async function connectedAlice(api: APIRequestContext, ctx: Ctx, user = "alice"): Promise<void> {
  const connection = await connectBank(api, ctx.person, user);
  Object.assign(ctx, { connection, consentId: connection.consentId, bankId: connection.bankId });
}

async function trackedAndSynced(api: APIRequestContext, ctx: Ctx, user: string): Promise<void> {
  await connectedAlice(api, ctx, user);
  const { account } = await trackAccount(api, ctx.person.session, need(ctx.connection, "connection"));
  expect((await runEnded(api, ctx.person.session, account.id)).state).toBe("succeeded");
  ctx.account = account;
}

/** A renewal of ctx's consent, sent to the bank and approved there: the redirect back. */
async function renewalApproved(api: APIRequestContext, ctx: Ctx): Promise<void> {
  const renewed = await api.post(`${API}/consents/${need(ctx.consentId, "consent")}/renew`, {
    headers: ctx.person.session,
  });
  expect(renewed.status(), await renewed.text()).toBe(201);
  const renewal = await dataOf<{ id: string }>(renewed);
  const atBank = await initiateRedirect(api, ctx.person.session, renewal.id);
  const back = await approveAtSandboxBank(api, atBank, need(ctx.bankId, "bank"), "alice");
  Object.assign(ctx, { oldConsentId: ctx.consentId, consentId: renewal.id, back });
}

async function equalToBank(api: APIRequestContext, ctx: Ctx): Promise<string> {
  const account = need(ctx.account, "account");
  const bank = await bankTransactions(api, account, need(ctx.connection, "connection"));
  const compared = expectEqualToBank(bank, await ourTransactions(api, ctx.person.session, account.id));
  return `${compared.app.count} rows = the bank's`;
}

async function sendAgainAndApprove(api: APIRequestContext, ctx: Ctx): Promise<void> {
  const consentId = need(ctx.consentId, "consent");
  const atBank = await initiateRedirect(api, ctx.person.session, consentId);
  const back = await approveAtSandboxBank(api, atBank, need(ctx.bankId, "bank"), "alice");
  expect((await landOnCallback(api, back)).status()).toBe(303);
}

async function sentButNotRecorded(db: Db, ctx: Ctx, atBank: number): Promise<string> {
  const consent = await consentRow(db, need(ctx.consentId, "consent"));
  expect([consent.status, consent.external_id]).toEqual(["pending", null]);
  expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["sending"]);
  expect((await bankConsentCount(db)) - need(ctx.createdAtBank, "bank count")).toBe(atBank);
  return `consent pending, send recorded (sending), ${atBank} new consent at the bank`;
}

async function resentAndValid(db: Db, ctx: Ctx, unsentAtBank: number): Promise<string> {
  const consent = await consentRow(db, need(ctx.consentId, "consent"));
  expect(consent.status).toBe("valid");
  expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["abandoned", "completed"]);
  expect(await bankStatus(db, consent.external_id)).toBe("valid");
  expect((await bankConsentCount(db)) - need(ctx.createdAtBank, "bank count")).toBe(1 + unsentAtBank);
  return `dead send set aside; the person's retry → valid${unsentAtBank ? "; the unsent bank consent stays unapproved (grants nothing)" : ""}`;
}

async function idempotentRetry(api: APIRequestContext, ctx: Ctx, path: string): Promise<void> {
  const res = await api.post(path, {
    headers: { ...ctx.person.session, "idempotency-key": need(ctx.key, "key") },
    data: ctx.body,
  });
  expect(res.status(), await res.text()).toBe(201);
  expect(res.headers()["idempotent-replayed"]).toBe("true");
  expect((await dataOf<{ id: string }>(res)).id).toBe(ctx.firstId);
}

/**
 * A consent sent for approval in the bank's app (the sandbox user decoupled: no redirect), its bank
 * consent id in ctx; the worker's approval checks ask the bank's SCA status meanwhile.
 */
async function sentForAppApproval(api: APIRequestContext, ctx: Ctx): Promise<void> {
  Object.assign(ctx, await pendingConsentAt(api, ctx.person.session, "sandbox", "BE"));
  await initiateRedirect(api, ctx.person.session, need(ctx.consentId, "consent"), { psuId: "decoupled" });
}

/** The person's answer in the bank's banking app (the banks run for the whole suite). */
async function answerInApp(api: APIRequestContext, db: Db, ctx: Ctx, decision: "approve" | "decline") {
  const bankConsentId = (await consentRow(db, need(ctx.consentId, "consent"))).external_id ?? "";
  const res = await api.post(`${crashBanksUrl()}/sandbox-bank/app/decision`, {
    form: { consentId: bankConsentId, user: "decoupled", decision },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toContain(decision === "approve" ? "done=approved" : "done=declined");
}

/** Killed in the worker's check of an approval in the bank's app, right after the bank's answer moved it. */
const inAppKilledAt = (point: string, decision: "approve" | "decline"): Scenario => ({
  point,
  prepare: sentForAppApproval,
  trigger: (api, ctx) => answerInApp(api, openedDb(), ctx, decision),
  afterRestart: async (_api, db, ctx) => {
    const consent = await consentRow(db, need(ctx.consentId, "consent"));
    expect(consent.status).toBe("pending");
    expect(await phases(db, need(ctx.consentId, "consent"))).toEqual([
      decision === "approve" ? "approved" : "declined",
    ]);
    expect(await bankStatus(db, consent.external_id)).toBe(decision === "approve" ? "valid" : "rejected");
    return `consent pending, the bank's SCA status (${decision === "approve" ? "finalised" : "failed"}) recorded on the authorization, not applied`;
  },
  afterRepair: async (_api, db, ctx) => {
    const end = decision === "approve" ? "valid" : "rejected";
    await poll(async () => (await consentRow(db, need(ctx.consentId, "consent"))).status).toBe(end);
    expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["completed"]);
    return decision === "approve"
      ? "the approval checks apply the approval → valid"
      : "the repair tick applies the decline → rejected";
  },
});

// ——— the scenarios, one per crash point ———

/**
 * Killed inside initiate-redirect, after the send was recorded: `atBank` consents were created at the
 * bank before the crash (0 or 1); the person's retry sends again and is approved.
 */
const redirectKilledAt = (point: string, atBank: number): Scenario => ({
  point,
  prepare: async (api, ctx) => {
    Object.assign(ctx, await pendingConsentAt(api, ctx.person.session, "sandbox", "BE"));
    ctx.createdAtBank = await bankConsentCount(openedDb());
  },
  trigger: (api, ctx) =>
    api.post(`${API}/consents/${ctx.consentId}/initiate-redirect`, { headers: ctx.person.session, data: {} }),
  afterRestart: (_api, db, ctx) => sentButNotRecorded(db, ctx, atBank),
  retry: sendAgainAndApprove,
  afterRepair: (_api, db, ctx) => resentAndValid(db, ctx, atBank),
});

const SCENARIOS: Scenario[] = [
  {
    point: "connect.consent-created",
    prepare: async (api, ctx) => {
      expect((await api.post(`${API}/users`, { headers: ctx.person.session })).status()).toBe(201);
      const banks = await dataOf<{ bankId: string }[]>(
        await api.get(`${API}/banks?country=BE&integrationName=sandbox`, { headers: ctx.person.session }),
      );
      ctx.key = randomUUID();
      ctx.body = { integrationName: "sandbox", purpose: "account_access", expiryDays: 90, bankId: banks[0].bankId };
    },
    trigger: (api, ctx) =>
      api.post(`${API}/consents`, {
        headers: { ...ctx.person.session, "idempotency-key": ctx.key ?? "" },
        data: ctx.body,
      }),
    afterRestart: async (_api, db, ctx) => {
      const { rows } = await db.app.query<{ id: string; status: string }>(
        "SELECT id, status FROM consents WHERE scope_id = $1",
        [ctx.person.scopeId],
      );
      expect(rows.map((r) => r.status)).toEqual(["pending"]);
      ctx.firstId = rows[0].id;
      return "1 consent, pending, its answer stored with it";
    },
    retry: (api, ctx) => idempotentRetry(api, ctx, `${API}/consents`),
    afterRepair: async (_api, db, ctx) => {
      const { rows } = await db.app.query("SELECT id FROM consents WHERE scope_id = $1", [ctx.person.scopeId]);
      expect(rows).toHaveLength(1);
      return "the retry (same Idempotency-Key) replays the 201 with the same id; still 1 consent";
    },
  },
  redirectKilledAt("redirect.sending-recorded", 0),
  redirectKilledAt("redirect.bank-consent-created", 1),
  {
    point: "callback.state-spent",
    prepare: approvedAtSandbox,
    trigger: (api, ctx) => landOnCallback(api, need(ctx.back, "back")),
    afterRestart: async (api, db, ctx) => {
      const consent = await consentRow(db, need(ctx.consentId, "consent"));
      expect(consent.status).toBe("pending");
      expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["approved"]);
      // The browser's reload of the callback is refused (the state is spent); the repair finishes it.
      const again = await landOnCallback(api, need(ctx.back, "back"));
      expect(again.status()).toBe(303);
      expect(await consentRow(db, need(ctx.consentId, "consent"))).toMatchObject({ status: "pending" });
      return "consent pending, callback accepted (state spent), approval not applied; a reload is refused";
    },
    afterRepair: async (_api, db, ctx) => {
      await poll(async () => (await consentRow(db, need(ctx.consentId, "consent"))).status).toBe("valid");
      expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["completed"]);
      return "repair tick applies the approval → valid";
    },
  },
  inAppKilledAt("decoupled.sca-finalised", "approve"),
  inAppKilledAt("decoupled.sca-failed", "decline"),
  {
    point: "callback.code-exchanged",
    prepare: async (api, ctx) => {
      const { consentId, bankId } = await pendingConsentAt(api, ctx.person.session, "enablebanking", "FI");
      const atBank = await initiateRedirect(api, ctx.person.session, consentId);
      Object.assign(ctx, { consentId, bankId, back: await approveAtEnableBanking(api, atBank, "alice") });
    },
    trigger: (api, ctx) => landOnCallback(api, need(ctx.back, "back")),
    afterRestart: async (_api, db, ctx) => {
      expect((await consentRow(db, need(ctx.consentId, "consent"))).status).toBe("pending");
      expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["exchanged"]);
      const { rows } = await db.app.query(
        "SELECT 1 FROM consent_authorizations WHERE consent_id = $1 AND code IS NULL",
        [ctx.consentId],
      );
      expect(rows).toHaveLength(1);
      return "consent pending, Enable Banking's code exchanged for the session (code forgotten)";
    },
    afterRepair: async (_api, db, ctx) => {
      await poll(async () => (await consentRow(db, need(ctx.consentId, "consent"))).status).toBe("valid");
      return "repair tick reads the session → valid";
    },
  },
  {
    point: "approval.consent-valid",
    prepare: approvedAtSandbox,
    trigger: (api, ctx) => landOnCallback(api, need(ctx.back, "back")),
    afterRestart: async (api, db, ctx) => {
      const consent = await consentRow(db, need(ctx.consentId, "consent"));
      expect(consent.status).toBe("valid");
      expect(await bankStatus(db, consent.external_id)).toBe("valid");
      const accounts = await api.get(`${API}/consents/${ctx.consentId}/accounts`, { headers: ctx.person.session });
      expect((await dataOf<unknown[]>(accounts)).length).toBe(2);
      return "consent valid with its accounts (one transaction); only the answer was lost";
    },
    afterRepair: async (_api, db, ctx) => {
      expect(await phases(db, need(ctx.consentId, "consent"))).toEqual(["completed"]);
      return "nothing to repair";
    },
  },
  ...(["renewal.accounts-moved", "renewal.old-ended-at-bank"] as const).map((point): Scenario => ({
    point,
    prepare: async (api, ctx) => {
      await trackedAndSynced(api, ctx, "alice");
      await renewalApproved(api, ctx);
    },
    trigger: (api, ctx) => landOnCallback(api, need(ctx.back, "back")),
    afterRestart: async (_api, db, ctx) => {
      const renewal = await consentRow(db, need(ctx.consentId, "renewal"));
      const old = await consentRow(db, need(ctx.oldConsentId, "old consent"));
      expect([renewal.status, old.status]).toEqual(["valid", "renewed"]);
      const atBank = await bankStatus(db, old.external_id);
      // The end owed at the bank is still owed, or already done: `npm start`'s worker is a process of
      // its own, stopped only after the server died, and its repair tick may have ended the old
      // consent there in between (seen in full-suite runs). Never a consent owed but forgotten.
      if (old.bank_end_pending) expect(atBank).toBe(point === "renewal.accounts-moved" ? "valid" : "terminatedByTpp");
      else expect(atBank).toBe("terminatedByTpp");
      const owed = old.bank_end_pending
        ? "owed an end at the bank"
        : "already ended at the bank by the stopping worker";
      const { rows } = await db.app.query<{ consent_id: string }>(
        "SELECT consent_id FROM tracked_accounts WHERE id = $1",
        [need(ctx.account, "account").id],
      );
      expect(rows[0].consent_id).toBe(ctx.consentId);
      // Moved accounts' runs are queued with the move (their jobs in its transaction): the app's
      // worker may already have taken (even finished) the run; one still queued has its job.
      const run = await runQueuedWithItsJob(db, need(ctx.account, "account").id);
      return `renewal valid, account moved, old renewed and ${owed} (bank: ${atBank}), its sync ${run}`;
    },
    afterRepair: async (api, db, ctx) => {
      await poll(async () => await consentRow(db, need(ctx.oldConsentId, "old")).then((c) => c.bank_end_pending)).toBe(
        false,
      );
      const old = await consentRow(db, need(ctx.oldConsentId, "old"));
      expect(await bankStatus(db, old.external_id)).toBe("terminatedByTpp");
      const account = need(ctx.account, "account");
      expect((await runEnded(api, ctx.person.session, account.id)).state).toBe("succeeded");
      ctx.connection = { ...need(ctx.connection, "connection"), consentId: need(ctx.consentId, "renewal") };
      const renewal = await consentRow(db, need(ctx.consentId, "renewal"));
      ctx.connection.bankConsentId = renewal.external_id ?? "";
      ctx.account = { ...account, consentId: need(ctx.consentId, "renewal") };
      return `old consent ended at the bank; the account's sync ran: ${await equalToBank(api, ctx)}`;
    },
  })),
  ...(["revoke.intent-recorded", "revoke.ended-at-bank"] as const).map((point): Scenario => ({
    point,
    prepare: (api, ctx) => connectedAlice(api, ctx),
    trigger: (api, ctx) => api.post(`${API}/consents/${ctx.consentId}/revoke`, { headers: ctx.person.session }),
    afterRestart: async (_api, db, ctx) => {
      const consent = await consentRow(db, need(ctx.consentId, "consent"));
      expect([consent.status, consent.revoke_requested]).toEqual(["valid", true]);
      const atBank = await bankStatus(db, consent.external_id);
      expect(atBank).toBe(point === "revoke.intent-recorded" ? "valid" : "terminatedByTpp");
      return `consent valid with the revoke recorded (bank: ${atBank})`;
    },
    afterRepair: async (_api, db, ctx) => {
      await poll(async () => (await consentRow(db, need(ctx.consentId, "consent"))).status).toBe("revoked");
      const consent = await consentRow(db, need(ctx.consentId, "consent"));
      expect(consent.bank_end_pending).toBe(false);
      expect(await bankStatus(db, consent.external_id)).toBe("terminatedByTpp");
      return "repair tick finishes the revoke → revoked here and at the bank";
    },
  })),
  {
    point: "track.account-created",
    prepare: async (api, ctx) => {
      await connectedAlice(api, ctx);
      const shared = await api.get(`${API}/consents/${ctx.consentId}/accounts`, { headers: ctx.person.session });
      const [current] = await dataOf<{ accountId: string }[]>(shared);
      ctx.body = {
        bankId: ctx.bankId,
        countryCode: "BE",
        accountType: "private",
        consentId: ctx.consentId,
        accountId: current.accountId,
      };
    },
    trigger: (api, ctx) => api.post(`${API}/accounts`, { headers: ctx.person.session, data: ctx.body }),
    afterRestart: async (_api, db, ctx) => {
      const { rows } = await db.app.query<TrackedAccount & { id: string; external_id: string; bank_id: string }>(
        "SELECT id, external_id, bank_id FROM tracked_accounts WHERE consent_id = $1",
        [ctx.consentId],
      );
      expect(rows).toHaveLength(1);
      const run = await runQueuedWithItsJob(db, rows[0].id);
      ctx.account = {
        id: rows[0].id,
        bankId: rows[0].bank_id,
        bankAccountId: rows[0].external_id,
        consentId: need(ctx.consentId, "consent"),
      };
      return `account tracked, its first run ${run} (queued with its job)`;
    },
    afterRepair: async (api, _db, ctx) => {
      expect((await runEnded(api, ctx.person.session, need(ctx.account, "account").id)).state).toBe("succeeded");
      return `a worker takes the queued job: ${await equalToBank(api, ctx)}`;
    },
  },
  ...(["sync.page-written", "sync.reconciled"] as const).map((point): Scenario => ({
    point,
    prepare: (api, ctx) => connectedAlice(api, ctx, "bulk-1200"),
    trigger: async (api, ctx) => {
      const { account } = await trackAccount(api, ctx.person.session, need(ctx.connection, "connection"));
      ctx.account = account;
    },
    afterRestart: async (api, db, ctx) => {
      const account = need(ctx.account, "account");
      const run = await latestRun(db, account.id);
      expect(run.state).toBe("running");
      const rows = await rowCount(db, account.id);
      // One page of 100 written; or every page, reconciled, and the run not yet ended.
      expect([run.pages, rows]).toEqual(point === "sync.page-written" ? [1, 100] : [12, 1200]);
      expect((await syncStatus(api, ctx.person.session, account.id)).state).toBe("running");
      return `run running under a dead worker, ${run.pages} page(s) and ${rows} rows written`;
    },
    afterRepair: async (api, db, ctx) => {
      const run = await runEnded(api, ctx.person.session, need(ctx.account, "account").id);
      expect([run.state, run.attempts]).toEqual(["succeeded", 2]);
      return `taken over once its heartbeat is stale, finished: ${await equalToBank(api, ctx)}`;
    },
  })),
  {
    point: "consolidate.committed",
    prepare: async (api, ctx) => {
      await trackedAndSynced(api, ctx, "namesakes");
      const { rows } = await openedDb().app.query<{ id: string }>(
        "SELECT id FROM counterparts WHERE scope_id = $1 ORDER BY created_at, id LIMIT 3",
        [ctx.person.scopeId],
      );
      expect(rows).toHaveLength(3);
      ctx.key = randomUUID();
      ctx.body = { targetId: rows[0].id, memberIds: [rows[1].id, rows[2].id] };
    },
    trigger: (api, ctx) =>
      api.post(`${API}/counterparts/consolidations`, {
        headers: { ...ctx.person.session, "idempotency-key": ctx.key ?? "" },
        data: ctx.body,
      }),
    afterRestart: async (_api, db, ctx) => {
      const { rows } = await db.app.query<{ id: string }>(
        "SELECT id FROM counterpart_consolidations WHERE scope_id = $1",
        [ctx.person.scopeId],
      );
      expect(rows).toHaveLength(1);
      ctx.firstId = rows[0].id;
      return "1 consolidation, committed with its stored answer";
    },
    retry: (api, ctx) => idempotentRetry(api, ctx, `${API}/counterparts/consolidations`),
    afterRepair: async (_api, db, ctx) => {
      const { rows } = await db.app.query("SELECT id FROM counterpart_consolidations WHERE scope_id = $1", [
        ctx.person.scopeId,
      ]);
      expect(rows).toHaveLength(1);
      return "the retry replays the 201 (same id); still 1 consolidation";
    },
  },
  {
    point: "statements.batch-written",
    prepare: async (api, ctx) => {
      await trackedAndSynced(api, ctx, "alice");
      const { rows } = await openedDb().app.query<{ iban: string; currency: string }>(
        "SELECT iban, currency FROM tracked_accounts WHERE id = $1",
        [need(ctx.account, "account").id],
      );
      // 2,500 entries of years before the bank's history: three batches, none of them the bank's.
      const entries = Array.from({ length: 2500 }, (_, i) => ({
        ...FILE_ENTRY,
        amount: `${i % 2 ? "-" : ""}${(i % 97) + 1}.${String(i % 100).padStart(2, "0")}`,
        bookingDate: `2019-0${1 + (i % 9)}-1${i % 10}`,
        accountServicerReference: `CRASH-${i}`,
        remittanceInformation: `Invoice ${i}`,
      }));
      ctx.body = {
        file: camt053OfEntries({
          iban: rows[0].iban,
          currency: rows[0].currency.trim(),
          statementId: "CRASH-1",
          opening: "0.00",
          entries,
        }),
      };
    },
    trigger: async (api, ctx) => {
      // Answered 202 at once; the app's own worker takes the job and dies after its first batch.
      const sent = await api.post(`${API}/accounts/${need(ctx.account, "account").id}/statements?fileName=crash.xml`, {
        headers: { ...ctx.person.session, "content-type": "application/xml" },
        data: String(ctx.body?.file),
      });
      expect(sent.status(), await sent.text()).toBe(202);
      ctx.firstId = (await dataOf<{ id: string }>(sent)).id;
    },
    afterRestart: async (_api, db, ctx) => {
      const { rows } = await db.app.query<{ state: string; processed: number; chunks: number; rows: number }>(
        `SELECT i.state::text, i.processed,
                (SELECT count(*)::int FROM statement_file_chunks c WHERE c.upload_id = i.upload_id) AS chunks,
                (SELECT count(*)::int FROM transactions t WHERE t.statement_import_id = i.id) AS rows
           FROM statement_imports i WHERE i.id = $1`,
        [need(ctx.firstId, "import")],
      );
      // Its one transaction died with it: a batch counted as read, nothing of it kept, the bytes still there.
      expect([rows[0].state, rows[0].processed, rows[0].rows]).toEqual(["running", 1000, 0]);
      expect(rows[0].chunks).toBeGreaterThan(0);
      return `import running under a dead worker, ${rows[0].processed} entries read, 0 rows kept, its bytes kept`;
    },
    afterRepair: async (api, db, ctx) => {
      const accountId = need(ctx.account, "account").id;
      const importId = need(ctx.firstId, "import");
      await expect
        .poll(
          async () => {
            const res = await api.get(`${API}/accounts/${accountId}/statements/${importId}`, {
              headers: ctx.person.session,
            });
            // Its reason, when it failed, in the failure's message.
            const { state, error } = await dataOf<{ state: string; error: string | null }>(res);
            return error ? `${state}: ${error}` : state;
          },
          { timeout: 60_000, intervals: [250] },
        )
        .toBe("succeeded");
      const { rows } = await db.app.query<{ rows: number; added: number; chunks: number }>(
        `SELECT (SELECT count(*)::int FROM transactions t WHERE t.statement_import_id = i.id) AS rows, i.added,
                (SELECT count(*)::int FROM statement_file_chunks c WHERE c.upload_id = i.upload_id) AS chunks
           FROM statement_imports i WHERE i.id = $1`,
        [importId],
      );
      expect(rows[0]).toEqual({ rows: 2500, added: 2500, chunks: 0 });
      return "the repair tick restarts it once its heartbeat is stale: 2,500 rows, each once, the bytes let go";
    },
  },
];

// ——— the run ———

/** A trigger that was answered instead of crashing the app: its status and body, for the failure. */
async function describe(answer: object): Promise<string> {
  const response = answer as { status: () => number; text: () => Promise<string> };
  return `${response.status()} ${await response.text()}`;
}

let databases: (Db & { close: () => Promise<void> }) | null = null;
function openedDb(): Db {
  if (!databases) throw new Error("no database open");
  return databases;
}
const table: { point: string; afterRestart: string; afterRepair: string }[] = [];

test.describe.configure({ mode: "serial" });

let banks: ScriptProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(CRASH_DATA_DIR, { recursive: true, force: true });
  mkdirSync(CRASH_DATA_DIR, { recursive: true });
  banks = await startBanks();
});

test.afterAll(async () => {
  await banks?.stop();
  const lines = [
    "| crash point | state after restart | after repair / retry |",
    "|---|---|---|",
    ...table.map((r) => `| ${r.point} | ${r.afterRestart} | ${r.afterRepair} |`),
  ];
  console.log(`\nCrash points (${table.length} of ${SCENARIOS.length}):\n${lines.join("\n")}\n`);
});

for (const scenario of SCENARIOS) {
  test(`crash at ${scenario.point}: restart, then repair`, async () => {
    test.setTimeout(240_000);
    const api = await playwrightRequest.newContext({ baseURL: CRASH_BASE_URL });
    const running: ScriptProcess[] = [];
    try {
      const app = await startCrashing(scenario.point);
      running.push(app);
      databases = openDatabases();
      const ctx: Ctx = { person: await signedInPerson(api, CRASH_BASE_URL, "Crash") };
      await scenario.prepare(api, ctx);
      const answer = await Promise.race([
        scenario.trigger(api, ctx).then(
          (value) => value,
          (error: unknown) => error,
        ),
        app.exited,
      ]);
      const exit = await Promise.race([
        app.exited,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000).unref()),
      ]);
      if (!exit) {
        const said =
          answer && typeof answer === "object" && "status" in answer ? await describe(answer) : String(answer);
        throw new Error(
          `the app did not die at ${scenario.point} within 60 s (the trigger got ${said}):\n${app.output()}`,
        );
      }
      expect(app.output(), `the app must die at ${scenario.point} (trigger gave ${String(answer)})`).toContain(
        `CRASH_AT=${scenario.point}: this process dies here`,
      );
      expect(exit.code).toBe(1);
      await databases.close();

      const web = await restartWebOnly();
      running.push(web);
      databases = openDatabases();
      const afterRestart = await scenario.afterRestart(api, databases, ctx);
      running.push(await startRepairing());
      await scenario.retry?.(api, ctx);
      const afterRepair = await scenario.afterRepair(api, databases, ctx);
      expect(await orphans(databases), "consents valid at the bank but not here").toEqual([]);
      table.push({ point: scenario.point, afterRestart, afterRepair });
    } finally {
      await databases?.close().catch(() => undefined);
      databases = null;
      for (const process of running.reverse()) await process.stop();
      await api.dispose();
    }
  });
}
