// An Enable Banking consent's life through our API and the local fake: business banks ask for
// psu_type business and expose company accounts; cancelling at the bank rejects the consent;
// revoking deletes the session at the bank; renewal is a new authorisation whose new account uids
// are matched to the tracked accounts by IBAN.
import { describe, expect, it } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as renewRoute from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import * as revokeRoute from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import { prisma } from "@/lib/db/client";
import { endSession, store } from "@/lib/enablebanking-fake/state";
import { executeRun } from "@/lib/sync/runner";
import { decideAtFakeBank, ebConnectedConsent, initiate, landOnCallback } from "@/lib/testing/enablebanking-flow";
import { fakeCalls, withEnableBankingFake } from "@/lib/testing/enablebanking-fake-server";
import { call } from "@/lib/testing/http";
import { trackSharedAccount } from "@/lib/testing/shared-account";

const bank = withEnableBankingFake();

describe("Enable Banking consent lifecycle", () => {
  it("a business bank entry asks for psu_type business and exposes company accounts that sync", async () => {
    const c = await ebConnectedConsent("alice", { country: "SE", bankName: "Skärgårdsbanken", business: true });
    expect(store().sessions.get(c.sessionId)?.psuType).toBe("business");
    const { account, run } = await trackSharedAccount(c, "company");
    expect([account.accountType, account.currency]).toEqual(["company", "SEK"]);
    await executeRun(run.id, "test-worker");
    expect((await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } })).state).toBe("succeeded");
  });

  it("POST /accounts with the spec's fields alone: several matching accounts → 422 listing each accountId; then the chosen one", async () => {
    const c = await ebConnectedConsent("alice", { business: true });
    const body = { bankId: c.bank.bankId, countryCode: "FI", accountType: "company" };
    const ambiguous = await call<{ error: { details: { accountId: string[] } } }>(
      accountsRoute.POST,
      "POST",
      "/api/accounttracking/v1/accounts",
      { headers: c.headers, body },
    );
    expect(ambiguous.status).toBe(422);
    const uids =
      store()
        .sessions.get(c.sessionId)
        ?.accounts.map((a) => a.uid) ?? [];
    expect(uids).toHaveLength(2);
    for (const uid of uids)
      expect(ambiguous.json.error.details.accountId.some((m) => m.startsWith(`accountId ${uid}: `))).toBe(true);
    const chosen = await call<{ data: { account: { bankAccountId: string } } }>(
      accountsRoute.POST,
      "POST",
      "/api/accounttracking/v1/accounts",
      { headers: c.headers, body: { ...body, accountId: uids[1] } },
    );
    expect([chosen.status, chosen.json.data.account.bankAccountId]).toEqual([201, uids[1]]);
  });

  it("only the accounts the person chose at the bank are shared", async () => {
    const c = await ebConnectedConsent("alice", { accounts: [1] });
    expect(
      store()
        .sessions.get(c.sessionId)
        ?.accounts.map((a) => a.template.name),
    ).toEqual(["Debit card"]);
    await expect(trackSharedAccount(c, "private")).rejects.toMatchObject({ status: 422 });
  });

  it("cancelling at the bank rejects the consent; nothing reaches POST /sessions", async () => {
    const c = await ebConnectedConsent("alice");
    const created = await call<{ data: { id: string } }>(
      consentsRoute.POST,
      "POST",
      "/api/accounttracking/v1/consents",
      {
        headers: c.headers,
        body: { integrationName: "enablebanking", purpose: "account_access", expiryDays: 30, bankId: c.bank.bankId },
      },
    );
    const sessionsBefore = fakeCalls().filter((x) => x.method === "POST" && x.path.endsWith("/sessions")).length;
    const landed = await landOnCallback(
      await decideAtFakeBank(await initiate(c.headers, created.json.data.id), "alice", "cancel"),
    );
    expect(landed.searchParams.get("status")).toBe("rejected");
    // Started through the API with no returnTo: the holder lands on the public result page, not our sign-in.
    expect(landed.pathname).toBe("/bank-connection-result");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: created.json.data.id } })).status).toBe("rejected");
    expect(fakeCalls().filter((x) => x.method === "POST" && x.path.endsWith("/sessions")).length).toBe(sessionsBefore);
  });

  it("revoking deletes the session at Enable Banking", async () => {
    const c = await ebConnectedConsent("alice");
    const res = await call<{ data: { status: string } }>(revokeRoute.POST, "POST", "x", {
      headers: c.headers,
      params: { consent: c.consentId },
    });
    expect([res.status, res.json.data.status]).toEqual([200, "revoked"]);
    expect(store().sessions.get(c.sessionId)?.ended).toBe("CLOSED");
    expect(
      fakeCalls().some((x) => x.method === "DELETE" && x.path.endsWith(`/sessions/${c.sessionId}`) && x.status === 200),
    ).toBe(true);
  });

  it("renewal after expiry is a new authorisation; the tracked account follows to the new session's uid by IBAN", async () => {
    const c = await ebConnectedConsent("alice");
    const { account, run } = await trackSharedAccount(c);
    await executeRun(run.id, "test-worker");
    endSession(c.sessionId, "EXPIRED");
    const status = await prisma().consent.update({ where: { id: c.consentId }, data: { status: "expired" } });
    expect(status.status).toBe("expired");
    const renewed = await call<{ data: { id: string } }>(renewRoute.POST, "POST", "x", {
      headers: c.headers,
      params: { consent: c.consentId },
      body: {},
    });
    expect(renewed.status).toBe(201);
    await landOnCallback(await decideAtFakeBank(await initiate(c.headers, renewed.json.data.id), "alice", "approve"));
    const renewal = await prisma().consent.findUniqueOrThrow({ where: { id: renewed.json.data.id } });
    expect(renewal.status).toBe("valid");
    expect(renewal.externalId).not.toBe(c.sessionId);
    const moved = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(moved.consentId).toBe(renewal.id);
    expect(moved.externalId).not.toBe(account.externalId);
    expect(moved.iban).toBe(account.iban);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe("renewed");
    expect(bank.server.contract.violations).toEqual([]);
  });
});
