// The bank's nok redirect with a genuine state no longer ends a consent on its word: the bank is
// asked first. A consent the bank approved becomes valid; one it rejected becomes rejected; when the
// bank cannot be asked, the consent stays pending and the log line carries the bank's error.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProviderError } from "@/lib/provider-errors";
import { integrationFor, SANDBOX_INTEGRATION } from "@/lib/banking/registry";
import { prisma } from "@/lib/db/client";
import { log } from "@/lib/log";
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

  describe("when the bank cannot be asked", () => {
    afterEach(() => vi.restoreAllMocks());

    it("the consent stays pending, saying so, and the log line carries the bank's error", async () => {
      const unreachable = new ProviderError("unavailable", "The bank could not be reached.", { status: 503 });
      const sandbox = integrationFor(SANDBOX_INTEGRATION);
      if (!sandbox) throw new Error("the sandbox integration must be on");
      vi.spyOn(sandbox, "getConsent").mockRejectedValue(unreachable);
      const warn = vi.spyOn(log, "warn");
      const { consentId } = await decidedThenNok("approve");
      const consent = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
      expect(consent.status).toBe("pending");
      expect(consent.statusReason).toMatch(/could not confirm/);
      const line = warn.mock.calls.find(([message]) => message.includes("could not be confirmed at the bank"));
      expect(line?.[1]).toMatchObject({ consentId, bankErrorCode: "unavailable", error: unreachable });
    });
  });
});
