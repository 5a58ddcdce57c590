// The sandbox bank's controls (clock, expire, revoke, hold) over HTTP on the banks' own origin, as
// their operator drives them: with the control secret.
import { expect, type APIRequestContext } from "@playwright/test";
import { controlHeaders } from "../control-secret";
import type { HoldAction, HoldAnswer } from "../../sandbox/shared/hold";
import { banksUrl } from "./banks";

const controls = () => `${banksUrl()}/sandbox-bank/api/controls`;

export async function advanceBankClock(request: APIRequestContext, days: number) {
  expect(
    (await request.post(`${controls()}/clock`, { headers: controlHeaders, data: { advanceDays: days } })).status(),
  ).toBe(200);
}

export async function resetBankClock(request: APIRequestContext) {
  expect((await request.post(`${controls()}/clock/reset`, { headers: controlHeaders })).status()).toBe(200);
}

export async function endAtBank(request: APIRequestContext, bankConsentId: string, how: "expire" | "revoke") {
  const res = await request.post(`${controls()}/consents/${bankConsentId}/${how}`, { headers: controlHeaders });
  expect(res.status(), await res.text()).toBe(200);
}

/** Holds an account's transaction reports at the bank, or releases them (answering how many waited). */
export async function holdAtBank(
  request: APIRequestContext,
  resourceId: string,
  action: HoldAction,
  banksOrigin = banksUrl(),
) {
  const res = await request.post(`${banksOrigin}/sandbox-bank/api/controls/accounts/${resourceId}/${action}`, {
    headers: controlHeaders,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as HoldAnswer;
}
