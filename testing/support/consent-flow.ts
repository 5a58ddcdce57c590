// The steps through our API that connecting any bank takes, for tests: a person registered for
// account tracking, a country's banks, a consent created and sent to its bank (initiate-redirect),
// and the bank's redirect landing on our callback. Each step throws when our API refuses it.
import * as banksRoute from "@/app/api/accounttracking/v1/banks/route";
import * as callbackRoute from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import type { Bank } from "@/lib/banking/types";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

export type Person = Awaited<ReturnType<typeof makePerson>>;
export type TrackingPerson = { person: Person; headers: Record<string, string> };

/** A new person (named after `label`) registered for account tracking, with their bearer headers. */
export async function trackingPerson(label: string): Promise<TrackingPerson> {
  const person = await makePerson(label.replace(/\W/g, ""));
  const headers = bearer(person.token, person.scopeId);
  const registered = await call(usersRoute.POST, "POST", "/api/accounttracking/v1/users", { headers });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  return { person, headers };
}

export async function banksIn(headers: Record<string, string>, country: string): Promise<Bank[]> {
  const res = await call<{ data: Bank[] }>(banksRoute.GET, "GET", "/api/accounttracking/v1/banks", {
    headers,
    query: `country=${country}`,
  });
  if (res.status !== 200) throw new Error(`banks: ${res.status} ${res.text}`);
  return res.json.data;
}

/** A consent for account access at the bank; returns its id. */
export async function createConsent(
  headers: Record<string, string>,
  consent: { integrationName: string; bankId: string; expiryDays?: number },
): Promise<string> {
  const created = await call<{ data: { id: string } }>(consentsRoute.POST, "POST", "/api/accounttracking/v1/consents", {
    headers,
    body: { purpose: "account_access", expiryDays: 90, ...consent },
  });
  if (created.status !== 201) throw new Error(`consent: ${created.status} ${created.text}`);
  return created.json.data.id;
}

/** initiate-redirect: the URL that sends the person to their bank. */
export async function initiate(
  headers: Record<string, string>,
  consentId: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const redirect = await call<{ data: { authorizationUrl: string } }>(redirectRoute.POST, "POST", "x", {
    headers,
    params: { consent: consentId },
    body,
  });
  if (redirect.status !== 200) throw new Error(`initiate-redirect: ${redirect.status} ${redirect.text}`);
  return redirect.json.data.authorizationUrl;
}

/** The bank's redirect back reaching our callback; returns where the callback sends the person. */
export async function landOnCallback(back: URL, integration: string): Promise<URL> {
  // The account holder's browser, at the address the attended reads forward to the bank.
  const landed = await call(callbackRoute.GET, "GET", back.pathname, {
    query: back.searchParams.toString(),
    params: { integration },
    headers: { "x-ll-peer": "192.0.2.1" },
  });
  if (landed.status !== 303) throw new Error(`callback: ${landed.status}`);
  return new URL(landed.headers.get("location") ?? "");
}
