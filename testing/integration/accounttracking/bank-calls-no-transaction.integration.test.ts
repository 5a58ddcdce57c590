// Issue 14: no database transaction is open while we wait on a bank. The sandbox integration's
// methods are watched so that every call into it first counts the sessions of our database that sit
// "idle in transaction" (a request's transaction waiting on something outside the database): with
// the handlers' old one-transaction-per-write, each of these calls saw at least one. The database is
// this worker's alone and its files run one at a time (testing/support/global-setup.ts), so no other
// test holds a transaction meanwhile. Also: a crash between the bank's action and our write is
// repaired by the repair tick, and Idempotency-Key still replays.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as revokeRoute from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import { ProviderError } from "@/lib/provider-errors";
import { integrationFor, SANDBOX_INTEGRATION } from "@/lib/banking/registry";
import { repairConsents } from "@/lib/accounttracking/consents/repair";
import { pool, prisma } from "@/lib/db/client";
import { approveAtBank, connectedConsent, type Connected } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

const API = "/api/accounttracking/v1";
/** Per bank method: the most sessions seen idle in a transaction when it was called. */
const seen = new Map<string, number>();
/** Makes the next deleteConsent act at the bank, then fail as if the connection broke. */
let breakAfterDelete = false;

async function idleInTransaction(): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
  );
  return rows[0].n;
}

// Each of the sandbox integration's methods, as the registry built it, watched where it is called.
beforeAll(() => {
  const integration = integrationFor(SANDBOX_INTEGRATION);
  if (!integration) throw new Error("the sandbox integration must be on");
  const methods = integration as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const [name, method] of Object.entries(methods)) {
    if (typeof method !== "function") continue;
    vi.spyOn(methods, name).mockImplementation(async (...args) => {
      seen.set(name, Math.max(seen.get(name) ?? 0, await idleInTransaction()));
      const result = await method.apply(integration, args);
      if (name === "deleteConsent" && breakAfterDelete) {
        breakAfterDelete = false;
        throw new ProviderError("unavailable", "connection reset after the bank answered");
      }
      return result;
    });
  }
});

afterAll(() => vi.restoreAllMocks());

describe("bank calls hold no database transaction", () => {
  let connected: Connected;
  let headers: Record<string, string>;
  beforeAll(async () => {
    seen.clear();
    connected = await connectedConsent("alice");
    headers = bearer(connected.person.token, connected.person.scopeId);
  });

  it("consents (bank lookup), initiate-redirect (consent at the bank), track (account list), revoke (delete)", async () => {
    // connectedConsent went through POST /consents with a bankId and initiate-redirect.
    expect(seen.get("getBank")).toBe(0);
    expect(seen.get("createConsent")).toBe(0);
    const body = { bankId: connected.bankId, countryCode: "BE", accountType: "private" };
    // alice shares two private accounts: the 422 lists them with the accountId to send.
    const ambiguous = await call<{ error: { details: { accountId: string[] } } }>(
      accountsRoute.POST,
      "POST",
      `${API}/accounts`,
      { headers, body },
    );
    expect(ambiguous.status).toBe(422);
    const candidates = ambiguous.json.error.details.accountId
      .slice(1)
      .map((line) => /^accountId (\S+):/.exec(line)?.[1]);
    expect(candidates).toHaveLength(2);
    const tracked = await call(accountsRoute.POST, "POST", `${API}/accounts`, {
      headers,
      body: { ...body, accountId: candidates[0] },
    });
    expect(tracked.status, tracked.text).toBe(201);
    expect(seen.get("listAccounts")).toBe(0);
    const revoked = await call(revokeRoute.POST, "POST", "x", { headers, params: { consent: connected.consentId } });
    expect(revoked.status, revoked.text).toBe(200);
    expect(seen.get("deleteConsent")).toBe(0);
  });

  it("the bank's answer to the revoke is lost: revoked here at once, and the repair tick confirms it at the bank", async () => {
    const other = await connectedConsent("alice");
    const h = bearer(other.person.token, other.person.scopeId);
    breakAfterDelete = true;
    const first = await call<{ data: { status: string; statusReason: string } }>(revokeRoute.POST, "POST", "x", {
      headers: h,
      params: { consent: other.consentId },
    });
    expect([first.status, first.json.data.status]).toEqual([200, "revoked"]);
    expect(first.json.data.statusReason).toMatch(/not confirmed yet/);
    // Owed at the bank: the repair tick asks again; the bank has it ended already, which counts.
    const owed = () => prisma().consent.findUniqueOrThrow({ where: { id: other.consentId } });
    expect((await owed()).bankEndPending).toBe(true);
    const report = await repairConsents();
    expect(report?.bankEnds).toBeGreaterThanOrEqual(1);
    expect((await owed()).bankEndPending).toBe(false);
    expect((await owed()).status).toBe("revoked");
  });

  it("Idempotency-Key: a retried create replays the first answer (stored with its writes) and adds no row", async () => {
    const key = randomUUID();
    const send = () =>
      call<{ data: { id: string } }>(consentsRoute.POST, "POST", `${API}/consents`, {
        headers: { ...headers, "idempotency-key": key },
        body: { integrationName: "sandbox", purpose: "account_access", expiryDays: 30, bankId: connected.bankId },
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.json.data.id).toBe(first.json.data.id);
    const stored = await prisma().consent.count({ where: { id: first.json.data.id } });
    expect(stored).toBe(1);
    // The replayed consent still goes to the bank like any other.
    await approveAtBank(headers, first.json.data.id, connected.bankId, "alice");
    const redirect = await call(redirectRoute.POST, "POST", "x", {
      headers,
      params: { consent: first.json.data.id },
      body: {},
    });
    expect(redirect.status).toBe(409);
  });
});
