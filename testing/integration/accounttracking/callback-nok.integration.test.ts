// The bank's nok redirect with a genuine state no longer ends a consent on its word: the bank is
// asked first. A consent the bank approved becomes valid; one it rejected becomes rejected.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { decideAtSandboxBank, pendingSandboxConsent } from "@/testing/support/bank-flow";
import { landOnCallback } from "@/testing/support/consent-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

/** A consent sent to the bank, decided there; then our callback reached with result=nok and the genuine state. */
async function decidedThenNok(decision: "approve" | "deny") {
  const { headers, ...consent } = await pendingSandboxConsent("nok");
  const { back } = await decideAtSandboxBank(headers, consent, "alice", decision);
  back.searchParams.set("result", "nok");
  return { consentId: consent.consentId, location: await landOnCallback(back, "sandbox") };
}

describe("callback with result=nok and a genuine state", () => {
  it("asks the bank: a consent the bank approved becomes valid", async () => {
    const { consentId, location } = await decidedThenNok("approve");
    expect(location.searchParams.get("status")).toBe("valid");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).status).toBe("valid");
  });

  it("asks the bank: a consent the bank rejected becomes rejected", async () => {
    const { consentId, location } = await decidedThenNok("deny");
    expect(location.searchParams.get("status")).toBe("rejected");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).status).toBe("rejected");
  });
});
