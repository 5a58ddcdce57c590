// Tenancy of the synced accounts: another scope's account is 404 on every accounts route, and App
// tokens read but cannot sync or track.
import { describe, expect, it } from "vitest";
import { connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as accountRoute from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as txRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as statsRoute from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as statusRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

describe("synced accounts across scopes", () => {
  it("tenancy: another scope's account is 404 on every accounts route, with or without rows; App tokens read but cannot sync", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const stranger = await makePerson("stranger");
    const foreign = bearer(stranger.token, stranger.scopeId);
    for (const handler of [accountRoute.GET, txRoute.GET, statsRoute.GET, statusRoute.GET]) {
      const res = await call<{ error: { code: string } }>(handler, "GET", "x", {
        headers: foreign,
        params: { id: account.id },
      });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(account.externalId);
    }
    expect((await call(syncRoute.POST, "POST", "x", { headers: foreign, params: { id: account.id } })).status).toBe(
      404,
    );
    const filtered = await call(txRoute.GET, "GET", "x", {
      headers: foreign,
      params: { id: account.id },
      query: "filter[fromDate]=2999-01-01",
    });
    expect(filtered.status).toBe(404);

    const app = await makeAppToken(c.person.scopeId, "viewer");
    const own = bearer(app.token, c.person.scopeId);
    const page = await call<{ data: unknown[] }>(txRoute.GET, "GET", "x", {
      headers: own,
      params: { id: account.id },
      query: "perPage=5",
    });
    expect([page.status, page.json.data.length]).toEqual([200, 5]);
    const empty = await call<{ data: unknown[] }>(txRoute.GET, "GET", "x", {
      headers: own,
      params: { id: account.id },
      query: "filter[fromDate]=2999-01-01",
    });
    expect([empty.status, empty.json.data.length]).toEqual([200, 0]);
    const sync = await call<{ error: { code: string } }>(syncRoute.POST, "POST", "x", {
      headers: own,
      params: { id: account.id },
    });
    expect([sync.status, sync.json.error.code]).toEqual([403, "user_context_required"]);
    const track = await call<{ error: { code: string } }>(accountsRoute.POST, "POST", "x", {
      headers: own,
      body: { bankId: c.bankId, countryCode: "BE", accountType: "private" },
    });
    expect([track.status, track.json.error.code]).toEqual([403, "user_context_required"]);
  });
});
