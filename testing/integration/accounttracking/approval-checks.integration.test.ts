// A bank slower to confirm than its redirect back (the sandbox user `slow`, confirming
// TEST_SLOW_APPROVAL_SECONDS after Approve): the callback leaves the consent pending with a check
// due, and the worker's approval checks make it valid within 2 s of the bank's confirmation, long
// before the repair tick (REPAIR_GRACE_SECONDS plus a sweep). Then the schedule itself: a quarter of
// the wait between 1 and 8 s, never before the bank's Retry-After, nothing after a minute.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { nextApprovalCheck } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { decideAtSandboxBank, pendingSandboxConsent } from "@/testing/support/bank-flow";
import { landOnCallback } from "@/testing/support/consent-flow";
import { withApprovalChecksRunning } from "@/testing/support/approval-checks";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { TEST_SLOW_APPROVAL_SECONDS } from "@/testing/support/test-banks-env";

withSandboxBank();

/** When the sandbox bank recorded the account holder's Approve, from its own database. */
async function approvedAtTheBank(bankConsentId: string): Promise<Date> {
  const client = new pg.Client({ connectionString: process.env.SANDBOX_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ approved_at: Date }>(
      "SELECT approved_at FROM sandbox_bank.consents WHERE id = $1",
      [bankConsentId],
    );
    return rows[0].approved_at;
  } finally {
    await client.end();
  }
}

describe("approval checks", () => {
  withApprovalChecksRunning();

  it("slow: valid within 2 s of the bank's confirmation, asked on the authorization's own schedule", async () => {
    const { headers, ...consent } = await pendingSandboxConsent("slow");
    const { bankConsentId, back } = await decideAtSandboxBank(headers, consent, "slow", "approve");
    const landed = await landOnCallback(back, "sandbox");
    expect(landed.searchParams.get("status")).toBe("pending");
    const waiting = await prisma().consentAuthorization.findFirstOrThrow({ where: { consentId: consent.consentId } });
    expect(waiting.phase).toBe("approved");
    expect(waiting.nextCheckAt).not.toBeNull();

    await expect
      .poll(async () => (await prisma().consent.findUniqueOrThrow({ where: { id: consent.consentId } })).status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe("valid");
    const valid = await prisma().consent.findUniqueOrThrow({ where: { id: consent.consentId } });
    // The bank confirms TEST_SLOW_APPROVAL_SECONDS after it recorded Approve (its approved_at).
    const confirmedAt = (await approvedAtTheBank(bankConsentId)).getTime() + TEST_SLOW_APPROVAL_SECONDS * 1000;
    const late = (valid.authorizedAt?.getTime() ?? Infinity) - confirmedAt;
    console.log(`slow: valid here ${late} ms after the bank's confirmation`);
    expect(late).toBeLessThanOrEqual(2_000);
    const done = await prisma().consentAuthorization.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(done).toMatchObject({ phase: "completed", nextCheckAt: null });
  });

  it("the schedule: a quarter of the wait, between 1 and 8 s, after Retry-After, and none after a minute", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const after = (waitedMs: number, retryAfter: number | null = null) =>
      (nextApprovalCheck(new Date(now.getTime() - waitedMs), retryAfter, now)?.getTime() ?? NaN) - now.getTime();
    expect(after(0)).toBe(1_000);
    expect(after(2_000)).toBe(1_000);
    expect(after(8_000)).toBe(2_000);
    expect(after(16_000)).toBe(4_000);
    expect(after(40_000)).toBe(8_000);
    expect(after(2_000, 5)).toBe(5_000);
    expect(nextApprovalCheck(new Date(now.getTime() - 60_000), null, now)).toBeNull();
  });
});
