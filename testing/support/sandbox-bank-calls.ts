// The sandbox bank over HTTP on the test's banks server, as a browser and the bank's operator use it:
// the login and decision forms of its authorize page, and its controls (with the control secret).
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
