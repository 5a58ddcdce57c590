// The sandbox bank's controls (clock, expire, revoke) over HTTP, as a test or a demo drives them.
import { expect, type APIRequestContext } from "@playwright/test";

const CONTROLS = "/sandbox-bank/api/controls";

export async function advanceBankClock(request: APIRequestContext, days: number) {
  expect((await request.post(`${CONTROLS}/clock`, { data: { advanceDays: days } })).status()).toBe(200);
}

export async function resetBankClock(request: APIRequestContext) {
  expect((await request.post(`${CONTROLS}/clock/reset`)).status()).toBe(200);
}

export async function endAtBank(request: APIRequestContext, bankConsentId: string, how: "expire" | "revoke") {
  const res = await request.post(`${CONTROLS}/consents/${bankConsentId}/${how}`);
  expect(res.status(), await res.text()).toBe(200);
}
