// The lifecycle writers against the database: a move the transition table does not list, or one
// from a state the row has already left, is refused — nothing is written and the row is answered
// as it is. Two writers racing on the same move: exactly one moves it.
import { describe, expect, it } from "vitest";
import { moveConsent } from "@/lib/accounttracking/consents/lifecycle";
import { prisma } from "@/lib/db/client";
import { pendingSandboxConsent } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

const statusOf = async (id: string) => (await prisma().consent.findUniqueOrThrow({ where: { id } })).status;

describe("consent moves", () => {
  it("refuses a move not in the table, and a move from a state the consent has left", async () => {
    const { consentId } = await pendingSandboxConsent("moves");
    const notListed = await moveConsent(prisma(), consentId, { from: "pending", to: "renewed", by: "renewal" });
    expect([notListed.moved, notListed.consent.status]).toEqual([false, "pending"]);
    const byWrongActor = await moveConsent(prisma(), consentId, { from: "pending", to: "valid", by: "person" });
    expect([byWrongActor.moved, await statusOf(consentId)]).toEqual([false, "pending"]);
    const stale = await moveConsent(prisma(), consentId, { from: "valid", to: "revoked", by: "person" });
    expect([stale.moved, stale.consent.status]).toEqual([false, "pending"]);

    const rejected = await moveConsent(prisma(), consentId, { from: "pending", to: "rejected", by: "bank" });
    expect([rejected.moved, rejected.consent.status]).toEqual([true, "rejected"]);
    const late = await moveConsent(prisma(), consentId, { from: "pending", to: "valid", by: "bank" });
    expect([late.moved, await statusOf(consentId)]).toEqual([false, "rejected"]);
  });

  it("two writers racing on one move: one moves it, the other is refused and sees the result", async () => {
    const { consentId } = await pendingSandboxConsent("race");
    const results = await Promise.all(
      ["revoked", "rejected"].map((to) =>
        moveConsent(prisma(), consentId, {
          from: "pending",
          to: to as "revoked" | "rejected",
          by: to === "revoked" ? "person" : "bank",
        }),
      ),
    );
    expect(results.filter((r) => r.moved)).toHaveLength(1);
    const final = await statusOf(consentId);
    expect(results.every((r) => r.consent.status === final)).toBe(true);
  });
});
