// The sandbox bank over HTTP on the test's banks server, as a TPP, a browser and the bank's operator
// use it: a consent created at the bank, the login and decision forms of its authorize page, and its
// controls (with the control secret).
import { randomUUID } from "node:crypto";
import { callBanks } from "@/testing/support/banks-server";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** Posts the bank's login form; returns the 303 and the login cookie (name=value) it set. */
export async function loginAtBank(bankId: string, bankConsentId: string, userId: string, password = "any") {
  const res = await callBanks(`/sandbox-bank/${bankId}/authorize/login`, {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ consentId: bankConsentId, userId, password }).toString(),
  });
  if (res.status !== 303) throw new Error(`bank login: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie()[0] ?? "").split(";")[0];
  return { res, cookie };
}

/** Posts Approve, Deny or Cancel on the review form; returns the bank's 303. */
export async function decideAtBank(
  bankId: string,
  bankConsentId: string,
  decision: "approve" | "deny" | "cancel",
  cookie?: string,
) {
  const res = await callBanks(`/sandbox-bank/${bankId}/authorize/decision`, {
    method: "POST",
    headers: { ...FORM, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ consentId: bankConsentId, decision }).toString(),
  });
  if (res.status !== 303) throw new Error(`bank decision: ${res.status} ${await res.text()}`);
  return res;
}

/** A control of the sandbox bank, as its operator calls it; throws unless it answers 200. */
export async function bankControl<T = unknown>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const res = await callBanks(`/sandbox-bank/api/controls/${path}`, {
    method,
    control: true,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A consent created at the bank by a TPP (every account, 90 days) and approved there by `userId`; its id. */
export async function approvedAtBank(bankId: string, userId: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const validUntil = new Date(Date.parse(`${today}T00:00:00Z`) + 89 * 86_400_000).toISOString().slice(0, 10);
  const created = await callBanks(`/sandbox-bank/api/banks/${bankId}/v1/consents`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-request-id": randomUUID(),
      "tpp-redirect-uri": "http://localhost/approved",
    },
    body: JSON.stringify({
      access: { allPsd2: "allAccounts" },
      recurringIndicator: true,
      validUntil,
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    }),
  });
  const text = await created.text();
  if (created.status !== 201) throw new Error(`bank consent: ${created.status} ${text}`);
  const { consentId } = JSON.parse(text) as { consentId: string };
  const { cookie } = await loginAtBank(bankId, consentId, userId);
  await decideAtBank(bankId, consentId, "approve", cookie);
  return consentId;
}
