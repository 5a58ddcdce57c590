// A revoke made while the bank is down: the consent is revoked here at once and says the bank has not
// confirmed yet; once the repair tick has ended it at the bank, the reason says so no more (issue 39).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as consentRoute from "@/app/api/accounttracking/v1/consents/[consent]/route";
import * as revokeRoute from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import { integrationFor, SANDBOX_INTEGRATION } from "@/lib/banking/registry";
import { repairConsents } from "@/lib/accounttracking/consents/repair";
import { prisma } from "@/lib/db/client";
import { ProviderError } from "@/lib/provider-errors";
import { connectedConsent } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type ConsentBody = { data: { status: string; statusReason: string | null } };
let bankDown = false;
const deletes: string[] = [];

beforeAll(() => {
  const integration = integrationFor(SANDBOX_INTEGRATION);
  if (!integration) throw new Error("the sandbox integration must be on");
  const deleteConsent = integration.deleteConsent.bind(integration);
  vi.spyOn(integration, "deleteConsent").mockImplementation(async (...args) => {
    deletes.push(bankDown ? "down" : "answered");
    if (bankDown) throw new ProviderError("unavailable", "the bank does not answer");
    return deleteConsent(...args);
  });
});

afterAll(() => vi.restoreAllMocks());

describe("revoke while the bank is down", () => {
  it("the reason follows the state: not confirmed while owed at the bank, plain revoked once ended there", async () => {
    const c = await connectedConsent("alice");
    const headers = bearer(c.person.token, c.person.scopeId);
    const read = () =>
      call<ConsentBody>(consentRoute.GET, "GET", "x", { headers, params: { consent: c.consentId } }).then(
        (res) => res.json.data,
      );

    bankDown = true;
    const revoked = await call<ConsentBody>(revokeRoute.POST, "POST", "x", {
      headers,
      params: { consent: c.consentId },
    });
    expect([revoked.status, revoked.json.data.status]).toEqual([200, "revoked"]);
    expect(revoked.json.data.statusReason).toBe(
      "Revoked by a person in this workspace. The bank has not confirmed yet; we keep asking.",
    );
    // A repair tick while the bank is still down changes nothing.
    await repairConsents();
    expect((await read()).statusReason).toMatch(/we keep asking/);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).bankEndPending).toBe(true);

    bankDown = false;
    const report = await repairConsents();
    expect(report?.bankEnds).toBeGreaterThanOrEqual(1);
    expect(deletes).toEqual(["down", "down", "answered"]);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).bankEndPending).toBe(false);
    expect(await read()).toMatchObject({ status: "revoked", statusReason: "Revoked by a person in this workspace." });
  });
});
