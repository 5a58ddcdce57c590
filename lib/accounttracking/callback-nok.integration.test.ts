// The bank's nok redirect with a genuine state no longer ends a consent on its word: the bank is
// asked first. A consent the bank approved becomes valid; one it rejected becomes rejected.
import { describe, expect, it } from "vitest";
import * as banksRoute from "@/app/api/accounttracking/v1/banks/route";
import * as callbackRoute from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import { prisma } from "@/lib/db/client";
import { decide, login } from "@/lib/sandbox-bank/testing/bank-calls";
import { makePerson } from "@/lib/testing/fixtures";
import { bearer, call } from "@/lib/testing/http";
import { withSandboxBank } from "@/lib/testing/sandbox-server";

withSandboxBank();

/** A consent sent to the bank, decided there; then our callback reached with result=nok and the genuine state. */
async function decidedThenNok(decision: "approve" | "deny") {
  const person = await makePerson("nok");
  const headers = bearer(person.token, person.scopeId);
  await call(usersRoute.POST, "POST", "x", { headers });
  const banks = await call<{ data: { bankId: string }[] }>(banksRoute.GET, "GET", "x", {
    headers,
    query: "country=BE",
  });
  const bankId = banks.json.data[0].bankId;
  const created = await call<{ data: { id: string } }>(consentsRoute.POST, "POST", "x", {
    headers,
    body: { integrationName: "sandbox", purpose: "account_access", expiryDays: 90, bankId },
  });
  const consentId = created.json.data.id;
  const redirect = await call<{ data: { authorizationUrl: string } }>(redirectRoute.POST, "POST", "x", {
    headers,
    params: { consent: consentId },
    body: {},
  });
  const bankConsentId = new URL(redirect.json.data.authorizationUrl).searchParams.get("consentId") ?? "";
  const { cookie } = await login(bankId, bankConsentId, "alice");
  const decided = await decide(bankId, bankConsentId, decision, cookie);
  const back = new URL(decided.headers.get("location") ?? "");
  back.searchParams.set("result", "nok");
  const landed = await call(callbackRoute.GET, "GET", back.pathname, {
    query: back.searchParams.toString(),
    params: { integration: "sandbox" },
  });
  expect(landed.status).toBe(303);
  return { consentId, location: new URL(landed.headers.get("location") ?? "") };
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
