// Decoupled approval through our API: a consent sent with the account holder's bank id `decoupled`
// is answered by the bank with no redirect (scaApproach decoupled); nobody comes back to our
// callback, so the approval checks ask the bank's SCA status until the person answers in the bank's
// banking app: approved → valid with its accounts; declined → rejected; unanswered past our wait →
// the authorization abandoned, its consent at the bank ended, ours still pending to try again. A
// check lost to a crash is taken by the repair tick.
import { describe, expect, it } from "vitest";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import { prisma } from "@/lib/db/client";
import { repairConsents } from "@/lib/accounttracking/consents/repair";
import { pendingSandboxConsent } from "@/testing/support/bank-flow";
import { callBanks } from "@/testing/support/banks-server";
import { call } from "@/testing/support/http";
import { withApprovalChecksRunning } from "@/testing/support/approval-checks";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type Redirect = { data: { authorizationUrl: string; scaApproach: string; psuMessage: string | null } };

async function sentForAppApproval() {
  const { headers, consentId } = await pendingSandboxConsent("decoupled");
  const res = await call<Redirect>(redirectRoute.POST, "POST", "x", {
    headers,
    params: { consent: consentId },
    body: { psuId: "decoupled" },
  });
  expect(res.status).toBe(200);
  const consent = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
  return { consentId, bankConsentId: consent.externalId ?? "", answer: res.json.data };
}

async function answerInApp(bankConsentId: string, decision: "approve" | "decline") {
  const res = await callBanks("/sandbox-bank/app/decision", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ consentId: bankConsentId, user: "decoupled", decision }).toString(),
  });
  expect(res.status).toBe(303);
}

const statusOf = async (consentId: string) =>
  (await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).status;
const authorizationOf = (consentId: string) => prisma().consentAuthorization.findFirstOrThrow({ where: { consentId } });

describe("decoupled approval", () => {
  describe("with the approval checks running", () => {
    withApprovalChecksRunning();

    it("no redirect: our page follows it; approved in the bank's app → valid within 2 s, with its accounts", async () => {
      const { consentId, bankConsentId, answer } = await sentForAppApproval();
      expect(answer.scaApproach).toBe("decoupled");
      expect(answer.psuMessage).toMatch(/banking app/);
      expect(new URL(answer.authorizationUrl).pathname).toBe("/connect/result");
      expect(new URL(answer.authorizationUrl).searchParams.get("consentId")).toBe(consentId);
      const waiting = await authorizationOf(consentId);
      expect(waiting).toMatchObject({ phase: "sent", usedAt: null });
      expect(waiting.scaStatusUrl).toContain(`/v1/consents/${bankConsentId}/authorisations/`);
      expect(waiting.nextCheckAt).not.toBeNull();
      expect(await statusOf(consentId)).toBe("pending");

      const approvedAt = Date.now();
      await answerInApp(bankConsentId, "approve");
      await expect.poll(() => statusOf(consentId), { timeout: 10_000, interval: 100 }).toBe("valid");
      const valid = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
      const late = (valid.authorizedAt?.getTime() ?? Infinity) - approvedAt;
      console.log(`decoupled: valid here ${late} ms after Approve in the banking app`);
      expect(late).toBeLessThanOrEqual(2_000);
      expect(await prisma().consentAccount.count({ where: { consentId } })).toBeGreaterThan(0);
      expect(await authorizationOf(consentId)).toMatchObject({ phase: "completed", nextCheckAt: null });
    });

    it("declined in the bank's app → rejected", async () => {
      const { consentId, bankConsentId } = await sentForAppApproval();
      await answerInApp(bankConsentId, "decline");
      await expect.poll(() => statusOf(consentId), { timeout: 10_000, interval: 100 }).toBe("rejected");
      expect(await authorizationOf(consentId)).toMatchObject({ phase: "completed", outcome: "declined" });
    });
  });

  it("unanswered past our wait: abandoned, ended at the bank, ours pending to try again (the repair tick, no check due)", async () => {
    const { consentId, bankConsentId } = await sentForAppApproval();
    const row = await authorizationOf(consentId);
    // Our wait is over, and no check is due (as after a crash): the repair tick takes it.
    await prisma().consentAuthorization.update({
      where: { id: row.id },
      data: { expiresAt: new Date(Date.now() - 1_000), nextCheckAt: null },
    });
    const report = await repairConsents();
    expect(report?.inAppApprovals).toBeGreaterThanOrEqual(1);
    expect(await authorizationOf(consentId)).toMatchObject({ phase: "abandoned", nextCheckAt: null });
    const consent = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
    expect(consent.status).toBe("pending");
    expect(consent.statusReason).toMatch(/in time/);
    const atBank = await callBanks(`/sandbox-bank/api/banks/${row.bankId}/v1/consents/${bankConsentId}/status`, {
      headers: { "x-request-id": crypto.randomUUID() },
    });
    expect(await atBank.json()).toMatchObject({ consentStatus: "terminatedByTpp" });
  });
});
