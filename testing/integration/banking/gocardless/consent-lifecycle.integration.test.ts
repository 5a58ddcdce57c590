// A GoCardless consent's life through our API and the local fake: the agreement asks for what the
// consent says (history, days, scope), cancelling at GoCardless rejects the consent, revoking deletes
// the requisition there, and renewal is a new agreement and requisition whose new account ids are
// matched to the tracked accounts by IBAN.
import { describe, expect, it, vi } from "vitest";
import { cancelledAtFakeBank, expectRenewedFollowed, expectRevoked } from "@/testing/support/banking/fake-scenarios";
import { prisma } from "@/lib/db/client";
import { endRequisition, gcStore } from "@/sandbox/gocardless/state";
import { gcConnectedConsent } from "@/testing/support/aggregator-flow";
import { landOnCallback } from "@/testing/support/consent-flow";
import { gcFakeCalls, withGoCardlessFake } from "@/testing/support/gocardless-fake-server";
import { syncedSharedAccount, trackSharedAccount } from "@/testing/support/shared-account";

// GoCardless configured as the demo configures it, pointed at its local fake (lib/env.ts reads the
// environment when it loads, so this runs before the imports).
await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useAggregatorFakes("gocardless"));

const bank = withGoCardlessFake();

describe("GoCardless consent lifecycle", () => {
  it("the agreement takes the consent's days, the institution's history; the redirect carries our state and reference", async () => {
    const c = await gcConnectedConsent("alice", { country: "DE", bankName: "Lindenbank" });
    const requisition = gcStore().requisitions.get(c.requisitionId);
    expect(requisition?.agreement).toMatchObject({ maxHistoricalDays: 540, accessValidForDays: 90 });
    const redirect = new URL(requisition?.redirect ?? "");
    expect(redirect.pathname).toBe("/api/accounttracking/v1/consents/callback/gocardless");
    expect(redirect.searchParams.get("state")).toBe(requisition?.reference);
    const consent = await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } });
    expect([consent.bankId, consent.countryCode, consent.validUntil]).toEqual([
      "gc:DE:LINDEN_LINDDEFF",
      "DE",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    ]);
  });

  it("only the accounts the person chose are linked; one matching account is tracked and syncs", async () => {
    const c = await gcConnectedConsent("alice", { accounts: [0] });
    expect(gcStore().requisitions.get(c.requisitionId)?.accountIds).toHaveLength(1);
    const { account, run } = await syncedSharedAccount(c);
    expect([account.accountType, account.currency, run.state]).toEqual(["private", "EUR", "succeeded"]);
    await expect(trackSharedAccount(c, { accountType: "payment" })).rejects.toMatchObject({ status: 422 });
  });

  it("cancelling at GoCardless rejects the consent", async () => {
    const c = await gcConnectedConsent("alice");
    const { consentId, back } = await cancelledAtFakeBank(c);
    expect(back.searchParams.get("error")).toBe("UserCancelledSession");
    const landed = await landOnCallback(back, "gocardless");
    expect(landed.searchParams.get("status")).toBe("rejected");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).status).toBe("rejected");
  });

  it("revoking deletes the requisition at GoCardless", async () => {
    const c = await gcConnectedConsent("alice");
    await expectRevoked(c);
    expect(gcStore().requisitions.get(c.requisitionId)?.deleted).toBe(true);
    expect(
      gcFakeCalls().some(
        (x) => x.method === "DELETE" && x.path.endsWith(`/requisitions/${c.requisitionId}/`) && x.status === 200,
      ),
    ).toBe(true);
  });

  it("renewal after expiry is a new agreement and requisition; the tracked account follows by IBAN", async () => {
    const c = await gcConnectedConsent("alice");
    const { account } = await syncedSharedAccount(c);
    expect(endRequisition(c.requisitionId, "EX")).toBe(true);
    await prisma().consent.update({ where: { id: c.consentId }, data: { status: "expired" } });
    await expectRenewedFollowed(c, account, c.requisitionId);
    const { violations, allowed } = bank.server.contract;
    expect(violations).toEqual([]);
    // The spec documents no success status for DELETE /requisitions/{id}/; its 200 is counted apart.
    expect(allowed).toEqual(["DELETE /api/v2/requisitions/{id}/ 200"]);
  });
});
