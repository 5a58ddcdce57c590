// Through our API and the fake Enable Banking: a person creates a consent for a fake bank, is sent
// to the hosted bank page (over HTTP), signs in as a scenario user, shares accounts, approves, and
// the bank's redirect with `code` lands on our callback, which exchanges it for a session.
import * as banksRoute from "@/app/api/accounttracking/v1/banks/route";
import * as callbackRoute from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import type { Bank } from "@/lib/banking/types";
import { bearer, call } from "@/lib/testing/http";
import { makePerson } from "@/lib/testing/fixtures";
import { validConsent } from "@/lib/testing/shared-account";

export type EbConnected = {
  person: Awaited<ReturnType<typeof makePerson>>;
  headers: Record<string, string>;
  consentId: string;
  bank: Bank;
  sessionId: string;
};

export async function ebBanks(headers: Record<string, string>, country: string): Promise<Bank[]> {
  const res = await call<{ data: Bank[] }>(banksRoute.GET, "GET", "/api/accounttracking/v1/banks", {
    headers,
    query: `country=${country}`,
  });
  if (res.status !== 200) throw new Error(`banks: ${res.status} ${res.text}`);
  return res.json.data;
}

/** Follows the authorization URL to the fake bank page and decides there; returns our callback's URL. */
export async function decideAtFakeBank(
  authorizationUrl: string,
  user: string,
  decision: "approve" | "cancel",
  accounts: number[] = [0, 1],
): Promise<URL> {
  const page = await fetch(`${authorizationUrl}?user=${user}`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes("Accounts to share")) throw new Error(`bank page: ${page.status}`);
  const form = new URLSearchParams({ user, decision });
  for (const i of accounts) form.append("account", String(i));
  const answer = await fetch(`${authorizationUrl}/decision`, { method: "POST", body: form, redirect: "manual" });
  if (answer.status !== 303) throw new Error(`bank decision: ${answer.status}`);
  return new URL(answer.headers.get("location") ?? "");
}

export async function landOnCallback(back: URL) {
  const landed = await call(callbackRoute.GET, "GET", back.pathname, {
    query: back.searchParams.toString(),
    params: { integration: "enablebanking" },
  });
  if (landed.status !== 303) throw new Error(`callback: ${landed.status}`);
  return new URL(landed.headers.get("location") ?? "");
}

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

export async function ebConnectedConsent(
  user: string,
  options: { country?: string; bankName?: string; business?: boolean; accounts?: number[] } = {},
): Promise<EbConnected> {
  const person = await makePerson(`eb${user}`.replace(/\W/g, ""));
  const headers = bearer(person.token, person.scopeId);
  await call(usersRoute.POST, "POST", "/api/accounttracking/v1/users", { headers });
  const banks = (await ebBanks(headers, options.country ?? "FI")).filter((b) => b.integrationName === "enablebanking");
  const bank = banks.find(
    (b) => b.name.startsWith(options.bankName ?? "Nordpankki") && b.bankId.endsWith(":business") === !!options.business,
  );
  if (!bank) throw new Error(`no such fake bank among ${banks.map((b) => b.bankId).join(", ")}`);
  const created = await call<{ data: { id: string } }>(consentsRoute.POST, "POST", "/api/accounttracking/v1/consents", {
    headers,
    body: { integrationName: "enablebanking", purpose: "account_access", expiryDays: 90, bankId: bank.bankId },
  });
  const consentId = created.json.data.id;
  const url = await initiate(headers, consentId);
  await landOnCallback(await decideAtFakeBank(url, user, "approve", options.accounts));
  const consent = await validConsent(consentId);
  return { person, headers, consentId, bank, sessionId: consent.externalId ?? "" };
}
