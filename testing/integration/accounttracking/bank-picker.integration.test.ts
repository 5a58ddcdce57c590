// The specification's flow with its own fields alone: a consent without a bank, initiate-redirect
// with no body → our hosted picker (signed link) → the chosen bank → callback → valid; and where a
// refused callback of an API-started flow lands (never the sign-in page).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as pickerContinue from "@/app/(public)/choose-bank/[token]/continue/route";
import * as banksRoute from "@/app/api/accounttracking/v1/banks/route";
import * as callbackRoute from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import { BINDING_COOKIE } from "@/lib/accounttracking/consents/initiate-redirect";
import { openPicker } from "@/lib/accounttracking/consents/bank-picker";
import { PICKER_PATH, readPickerToken } from "@/lib/accounttracking/consents/picker-token";
import { prisma } from "@/lib/db/client";
import { banksOrigin } from "@/testing/support/banks-server";
import { decideAtBank, loginAtBank } from "@/testing/support/sandbox-bank-calls";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type Redirect = { data: { consentId: string; authorizationUrl: string; stateExpiresAt: string } };
const API = "/api/accounttracking/v1";

let headers: Record<string, string>;
let bankId: string;

beforeAll(async () => {
  const p = await makePerson("picker");
  headers = bearer(p.token, p.scopeId);
  await call(usersRoute.POST, "POST", `${API}/users`, { headers });
  const banks = await call<{ data: { bankId: string }[] }>(banksRoute.GET, "GET", `${API}/banks`, {
    headers,
    query: "country=BE&integrationName=sandbox",
  });
  bankId = banks.json.data[0].bankId;
});

/** A consent with the specification's fields only, sent through initiate-redirect with no body. */
async function toPicker(body?: Record<string, string>) {
  const created = await call<{ data: { id: string } }>(consentsRoute.POST, "POST", `${API}/consents`, {
    headers,
    body: { integrationName: "sandbox", purpose: "account_access", expiryDays: 30 },
  });
  expect(created.status).toBe(201);
  const redirect = await call<Redirect>(redirectRoute.POST, "POST", "x", {
    headers,
    params: { consent: created.json.data.id },
    ...(body ? { body } : {}),
  });
  expect(redirect.status, redirect.text).toBe(200);
  const url = new URL(redirect.json.data.authorizationUrl);
  expect(url.pathname.startsWith(`${PICKER_PATH}/`)).toBe(true);
  return { consentId: created.json.data.id, token: url.pathname.slice(PICKER_PATH.length + 1) };
}

const choose = (token: string, chosen: string) =>
  call<{ data?: { authorizationUrl: string }; error?: { code: string } }>(pickerContinue.POST, "POST", "x", {
    params: { token },
    body: { bankId: chosen },
  });

describe("hosted bank picker", () => {
  it("no bank: initiate-redirect answers our picker; choosing continues to the bank; the callback makes it valid", async () => {
    const { consentId, token } = await toPicker();
    expect((await openPicker(token)).ok).toBe(true);
    // Nothing exists at a bank yet.
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).externalId).toBeNull();

    const chosen = await choose(token, bankId);
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
    const atBank = new URL(chosen.json.data?.authorizationUrl ?? "");
    // The bank is another host: its own origin, as SANDBOX_BANK_URL says, not ours.
    expect(atBank.origin + atBank.pathname).toBe(`${await banksOrigin()}/sandbox-bank/${bankId}/authorize`);
    const bankConsentId = atBank.searchParams.get("consentId") ?? "";
    const stored = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
    expect([stored.bankId, stored.externalId, stored.status]).toEqual([bankId, bankConsentId, "pending"]);

    const { cookie } = await loginAtBank(bankId, bankConsentId, "alice");
    const back = new URL((await decideAtBank(bankId, bankConsentId, "approve", cookie)).headers.get("location") ?? "");
    const landed = await call(callbackRoute.GET, "GET", back.pathname, {
      query: back.searchParams.toString(),
      params: { integration: "sandbox" },
    });
    const location = new URL(landed.headers.get("location") ?? "");
    expect([location.pathname, location.searchParams.get("status")]).toEqual(["/bank-connection-result", "valid"]);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).status).toBe("valid");
    // The link ends with its state.
    expect(await openPicker(token)).toEqual({ ok: false, reason: "used" });
    expect((await choose(token, bankId)).status).toBe(409);
  });

  it("a forged, edited or expired link opens nothing and creates nothing at a bank", async () => {
    const { consentId, token } = await toPicker();
    const [id, mac] = token.split(".");
    const edited = `${id}.${mac.slice(0, -2)}${mac.endsWith("AA") ? "BB" : "AA"}`;
    for (const bad of [edited, randomBytes(16).toString("base64url"), `${id}.${"A".repeat(43)}`, "x"]) {
      expect(readPickerToken(bad)).toBeNull();
      expect(await openPicker(bad)).toEqual({ ok: false, reason: "unknown" });
      expect((await choose(bad, bankId)).status).toBe(409);
    }
    await prisma().consentAuthorization.updateMany({
      where: { consentId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await openPicker(token)).toEqual({ ok: false, reason: "expired" });
    expect((await choose(token, bankId)).status).toBe(409);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consentId } })).externalId).toBeNull();
  });

  it("an unknown bank → 422, the link stays usable", async () => {
    const { token } = await toPicker();
    const res = await choose(token, "no-such-bank");
    expect([res.status, res.json.error?.code]).toEqual([422, "validation_failed"]);
    expect((await openPicker(token)).ok).toBe(true);
  });
});

describe("a refused callback", () => {
  it("of an API-started flow with returnTo lands on returnTo with the error; without, on the public page", async () => {
    const withReturn = await toPicker({ returnTo: "http://localhost:3000/after-bank" });
    const chosen = await choose(withReturn.token, bankId);
    expect(chosen.status).toBe(200);
    // The state of that redirect expires before the bank sends the person back.
    const row = await prisma().consentAuthorization.findFirstOrThrow({ where: { consentId: withReturn.consentId } });
    const bankConsentId = new URL(chosen.json.data?.authorizationUrl ?? "").searchParams.get("consentId") ?? "";
    const { cookie } = await loginAtBank(bankId, bankConsentId, "alice");
    const back = new URL((await decideAtBank(bankId, bankConsentId, "approve", cookie)).headers.get("location") ?? "");
    await prisma().consentAuthorization.update({ where: { id: row.id }, data: { expiresAt: new Date(0) } });
    const refused = await call(callbackRoute.GET, "GET", back.pathname, {
      query: back.searchParams.toString(),
      params: { integration: "sandbox" },
    });
    const location = new URL(refused.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe("http://localhost:3000/after-bank");
    expect([location.searchParams.get("consentId"), location.searchParams.get("error")]).toEqual([
      withReturn.consentId,
      "expired_state",
    ]);
  });

  it("with a state nobody issued lands on the public page, or on ours when the browser carries our binding", async () => {
    const state = `state=${randomBytes(32).toString("base64url")}&result=ok`;
    const land = async (cookie?: string) => {
      const res = await call(callbackRoute.GET, "GET", "x", {
        query: state,
        params: { integration: "sandbox" },
        headers: cookie ? { cookie } : {},
      });
      return new URL(res.headers.get("location") ?? "").pathname;
    };
    expect(await land()).toBe("/bank-connection-result");
    expect(await land(`${BINDING_COOKIE}=${randomBytes(32).toString("base64url")}`)).toBe("/connect/result");
  });
});
