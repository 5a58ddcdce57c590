// An Enable Banking consent's life through our API and the local fake: business banks ask for
// psu_type business and expose company accounts; cancelling at the bank rejects the consent;
// revoking deletes the session at the bank; renewal is a new authorisation whose new account uids
// are matched to the tracked accounts by IBAN.
import { describe, expect, it, vi } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import { cancelledAtFakeBank, expectRenewedFollowed, expectRevoked } from "@/testing/support/banking/fake-scenarios";
import { prisma } from "@/lib/db/client";
import { endSession, store } from "@/sandbox/enablebanking/state";
import { ebConnectedConsent } from "@/testing/support/aggregator-flow";
import { landOnCallback } from "@/testing/support/consent-flow";
import { fakeCalls, withEnableBankingFake } from "@/testing/support/enablebanking-fake-server";
import { call } from "@/testing/support/http";
import { syncedSharedAccount, trackSharedAccount } from "@/testing/support/shared-account";

// Enable Banking configured as the demo configures it, pointed at its local fake (lib/env.ts reads the
// environment when it loads, so this runs before the imports).
await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useAggregatorFakes("enablebanking"));

const bank = withEnableBankingFake();

describe("Enable Banking consent lifecycle", () => {
  it("a business bank entry asks for psu_type business and exposes company accounts that sync", async () => {
    const c = await ebConnectedConsent("alice", { country: "SE", bankName: "Skärgårdsbanken", business: true });
    expect(store().sessions.get(c.sessionId)?.psuType).toBe("business");
    const { account, run } = await syncedSharedAccount(c, { accountType: "company" });
    expect([account.accountType, account.currency, run.state]).toEqual(["company", "SEK", "succeeded"]);
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
    await expect(trackSharedAccount(c, { accountType: "private" })).rejects.toMatchObject({ status: 422 });
  });

  it("cancelling at the bank rejects the consent; nothing reaches POST /sessions", async () => {
    const c = await ebConnectedConsent("alice");
    const sessionsBefore = fakeCalls().filter((x) => x.method === "POST" && x.path.endsWith("/sessions")).length;
    const { consentId, back } = await cancelledAtFakeBank(c);
    const landed = await landOnCallback(back, "enablebanking");
    expect(landed.searchParams.get("status")).toBe("rejected");
    // Started through the API with no returnTo: the holder lands on the public result page, not our sign-in.
    expect(landed.pathname).toBe("/bank-connection-result");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).status).toBe("rejected");
    expect(fakeCalls().filter((x) => x.method === "POST" && x.path.endsWith("/sessions")).length).toBe(sessionsBefore);
  });

  it("revoking deletes the session at Enable Banking", async () => {
    const c = await ebConnectedConsent("alice");
    await expectRevoked(c);
    expect(store().sessions.get(c.sessionId)?.ended).toBe("CLOSED");
    expect(
      fakeCalls().some((x) => x.method === "DELETE" && x.path.endsWith(`/sessions/${c.sessionId}`) && x.status === 200),
    ).toBe(true);
  });

  it("renewal after expiry is a new authorisation; the tracked account follows to the new session's uid by IBAN", async () => {
    const c = await ebConnectedConsent("alice");
    const { account } = await syncedSharedAccount(c);
    endSession(c.sessionId, "EXPIRED");
    const status = await prisma().consent.update({ where: { id: c.consentId }, data: { status: "expired" } });
    expect(status.status).toBe("expired");
    await expectRenewedFollowed(c, account, c.sessionId);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe("renewed");
    expect(bank.server.contract.violations).toEqual([]);
  });
});
