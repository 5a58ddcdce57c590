// Drives the operations no other test reaches through call() (tracked accounts, me, API keys, …) so the
// contract check in testing/support/http.ts validates their real responses against the document too.
import { beforeAll, describe, expect, it } from "vitest";
import * as autoUpdateRoute from "@/app/api/accounttracking/v1/accounts/[id]/auto-update/route";
import * as accountRoute from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as statsRoute from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as syncStatusRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import * as transactionsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as consentStatusRoute from "@/app/api/accounttracking/v1/consents/[consent]/status/route";
import * as countriesRoute from "@/app/api/accounttracking/v1/supported-countries/route";
import * as apiKeysRoute from "@/app/api/auth/v1/api-keys/route";
import * as meRoute from "@/app/api/auth/v1/me/route";
import * as providersRoute from "@/app/api/datasets/v1/providers/route";
import * as healthRoute from "@/app/api/health/route";
import type { Handler } from "@/lib/api/route";
import { executeRun } from "@/lib/sync/runner";
import { connectedConsent, type Connected } from "@/testing/support/bank-flow";
import { makeAppToken } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

let connected: Connected;
let headers: Record<string, string>;
let accountId: string;

withSandboxBank();
beforeAll(async () => {
  connected = await connectedConsent("namesakes");
  headers = bearer(connected.person.token, connected.person.scopeId);
});

const AT = "/api/accounttracking/v1";

describe("contract of the tracked-account operations (validated in call())", () => {
  it("tracks an account, syncs it and reads it back", async () => {
    const tracked = await call<{ data: { account: { id: string }; sync: { id: string } } }>(
      accountsRoute.POST,
      "POST",
      `${AT}/accounts`,
      {
        headers: { ...headers, "idempotency-key": crypto.randomUUID() },
        body: { bankId: connected.bankId, countryCode: "BE", accountType: "private", consentId: connected.consentId },
      },
    );
    expect(tracked.status).toBe(201);
    accountId = tracked.json.data.account.id;
    await executeRun(tracked.json.data.sync.id, "test-worker");

    const params = { id: accountId };
    const reads: [Handler, string][] = [
      [accountsRoute.GET, `${AT}/accounts`],
      [accountRoute.GET, `${AT}/accounts/${accountId}`],
      [statsRoute.GET, `${AT}/accounts/${accountId}/stats`],
      [syncStatusRoute.GET, `${AT}/accounts/${accountId}/sync-status`],
      [transactionsRoute.GET, `${AT}/accounts/${accountId}/transactions`],
    ];
    for (const [handler, path] of reads)
      expect((await call(handler, "GET", path, { headers, params })).status).toBe(200);

    const sync = await call(syncRoute.POST, "POST", `${AT}/accounts/${accountId}/sync-transactions`, {
      headers,
      params,
    });
    expect(sync.status).toBe(202);
    const auto = await call(autoUpdateRoute.PUT, "PUT", `${AT}/accounts/${accountId}/auto-update`, {
      headers,
      params,
      body: { timesPerDay: 2 },
    });
    expect(auto.status).toBe(200);
    expect((await call(autoUpdateRoute.PUT, "PUT", "x", { headers, params, body: { timesPerDay: 9 } })).status).toBe(
      422,
    );
    expect((await call(accountRoute.GET, "GET", "x", { headers, params: { id: "not-a-uuid" } })).status).toBe(404);
  });

  it("reads a consent's status at the bank, countries, providers, API keys and me", async () => {
    const consent = await call(consentStatusRoute.GET, "GET", "x", {
      headers,
      params: { consent: connected.consentId },
    });
    expect(consent.status).toBe(200);
    expect((await call(countriesRoute.GET, "GET", `${AT}/supported-countries`, { headers })).status).toBe(200);
    expect((await call(providersRoute.GET, "GET", "/api/datasets/v1/providers", { headers })).status).toBe(200);
    expect((await call(apiKeysRoute.GET, "GET", "/api/auth/v1/api-keys", { headers })).status).toBe(200);
    expect((await call(meRoute.GET, "GET", "/api/auth/v1/me", { headers })).status).toBe(200);
    const app = await makeAppToken(connected.person.scopeId, "viewer");
    expect((await call(meRoute.GET, "GET", "/api/auth/v1/me", { headers: bearer(app.token) })).status).toBe(200);
    expect(
      (
        await call(syncRoute.POST, "POST", "x", {
          headers: bearer(app.token, connected.person.scopeId),
          params: { id: accountId },
        })
      ).status,
    ).toBe(403);
    expect((await call(healthRoute.GET as unknown as Handler, "GET", "/api/health")).status).toBe(200);
  });
});
