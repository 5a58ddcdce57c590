// Syncing through the consent's life at the bank: an access that expired there, the daily budget of
// unattended accesses, and a renewal that carries the tracked account over.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import * as renewRoute from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import { approveAtBank, connectedConsent, endAtBank, syncedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce as run } from "@/testing/support/sync-runs";
import { ours } from "@/testing/support/sync/bank-totals";

const bank = withSandboxBank();

describe("sync and the consent's access at the bank", () => {
  it("a consent expired at the bank: the run fails with the reason, the consent shows expired, no further bank calls", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    await endAtBank(c.bankConsentId, "expire");
    const failed = await run(account.id, c.person.scopeId);
    expect(failed.state).toBe("failed");
    expect(failed.lastError).toMatch(
      /^Access expired at the bank on \d{1,2} [A-Z][a-z]{2} \d{4}; reconnect to continue\.$/,
    );
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe("expired");
    const callsBefore = bank.server.calls.length;
    const again = await run(account.id, c.person.scopeId, { attended: false });
    expect(again.state).toBe("failed");
    expect(again.lastError).toMatch(/Access to this bank is expired; reconnect to continue/);
    expect(again.attempts).toBe(1);
    expect(bank.server.calls.length).toBe(callsBefore);
  });

  it("a 5th unattended access within 24 h is not made; the person's own syncs are not counted", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const states: string[] = [];
    for (let i = 0; i < 5; i += 1) states.push((await run(account.id, c.person.scopeId, { attended: false })).state);
    expect(states).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "failed"]);
    const last = await prisma().syncRun.findFirstOrThrow({
      where: { accountId: account.id },
      orderBy: { createdAt: "desc" },
    });
    expect(last.lastError).toMatch(/4 unattended accesses a day/);
    const unattendedFirstPages = bank.server.calls.filter(
      (x) =>
        x.path.includes(`/accounts/${account.externalId}/transactions`) &&
        !x.path.includes("pageIndex=") &&
        x.psuIp === null,
    );
    expect(unattendedFirstPages.length).toBe(4);
    expect((await run(account.id, c.person.scopeId, { attended: true })).state).toBe("succeeded");
  });

  it("renewal: the tracked account moves to the renewed consent with its transactions, and keeps syncing", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const before = await ours(account.id);
    const headers = bearer(c.person.token, c.person.scopeId);
    const renewed = await call<{ data: { id: string } }>(renewRoute.POST, "POST", "x", {
      headers,
      params: { consent: c.consentId },
      body: {},
    });
    expect(renewed.status).toBe(201);
    await approveAtBank(headers, renewed.json.data.id, c.bankId, "alice");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe("renewed");
    const moved = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(moved.consentId).toBe(renewed.json.data.id);
    expect(await ours(account.id)).toEqual(before);
    const next = await run(account.id, c.person.scopeId);
    expect([next.state, next.added, next.updated]).toEqual(["succeeded", 0, 0]);
  });
});
