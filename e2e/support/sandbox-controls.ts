// The sandbox bank's controls (clock, expire, revoke, hold) over HTTP, as a test or a demo drives them.
import { expect, type APIRequestContext } from "@playwright/test";
import { controlHeaders } from "../control-secret";
import type { HoldAction, HoldAnswer } from "../../sandbox/shared/hold";

const CONTROLS = "/sandbox-bank/api/controls";

export async function advanceBankClock(request: APIRequestContext, days: number) {
  expect(
    (await request.post(`${CONTROLS}/clock`, { headers: controlHeaders, data: { advanceDays: days } })).status(),
  ).toBe(200);
}

export async function resetBankClock(request: APIRequestContext) {
  expect((await request.post(`${CONTROLS}/clock/reset`, { headers: controlHeaders })).status()).toBe(200);
}

export async function endAtBank(request: APIRequestContext, bankConsentId: string, how: "expire" | "revoke") {
  const res = await request.post(`${CONTROLS}/consents/${bankConsentId}/${how}`, { headers: controlHeaders });
  expect(res.status(), await res.text()).toBe(200);
}

/** Holds an account's transaction reports at the bank, or releases them (answering how many waited). */
export async function holdAtBank(request: APIRequestContext, resourceId: string, action: HoldAction) {
  const res = await request.post(`${CONTROLS}/accounts/${resourceId}/${action}`, { headers: controlHeaders });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as HoldAnswer;
}
