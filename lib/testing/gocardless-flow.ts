// Through our API and the fake GoCardless: a person creates a consent for a fake institution, is
// sent to the requisition's link (the fake's consent page, over HTTP), signs in as a scenario user,
// shares accounts, approves or cancels, and GoCardless's redirect lands on our callback.
import * as callbackRoute from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import type { Bank } from "@/lib/banking/types";
import { ebBanks, initiate } from "@/lib/testing/enablebanking-flow";
import { makePerson } from "@/lib/testing/fixtures";
import { validConsent } from "@/lib/testing/shared-account";
import { bearer, call } from "@/lib/testing/http";

export { ebBanks as banksIn, initiate };

export type GcConnected = {
  person: Awaited<ReturnType<typeof makePerson>>;
  headers: Record<string, string>;
  consentId: string;
  bank: Bank;
  requisitionId: string;
};

/** Follows the requisition's link to the consent page and decides there; returns where it redirects. */
export async function decideAtGoCardless(
  link: string,
  user: string,
  decision: "approve" | "cancel",
  accounts: number[] = [0, 1],
): Promise<URL> {
  const page = await fetch(`${link}?user=${user}`);
  if (page.status !== 200 || !(await page.text()).includes("Accounts to share"))
    throw new Error(`consent page: ${page.status}`);
  const form = new URLSearchParams({ user, decision });
  for (const i of accounts) form.append("account", String(i));
  const answer = await fetch(`${link}/decision`, { method: "POST", body: form, redirect: "manual" });
  if (answer.status !== 303) throw new Error(`consent decision: ${answer.status}`);
  return new URL(answer.headers.get("location") ?? "");
}

export async function landOnGcCallback(back: URL): Promise<URL> {
  const landed = await call(callbackRoute.GET, "GET", back.pathname, {
    query: back.searchParams.toString(),
    params: { integration: "gocardless" },
  });
  if (landed.status !== 303) throw new Error(`callback: ${landed.status}`);
  return new URL(landed.headers.get("location") ?? "");
}

export async function gcConsent(headers: Record<string, string>, bankId: string, expiryDays = 90): Promise<string> {
  const created = await call<{ data: { id: string } }>(consentsRoute.POST, "POST", "/api/accounttracking/v1/consents", {
    headers,
    body: { integrationName: "gocardless", purpose: "account_access", expiryDays, bankId },
  });
  if (created.status !== 201) throw new Error(`consent: ${created.status} ${created.text}`);
  return created.json.data.id;
}

export async function gcConnectedConsent(
  user: string,
  options: { country?: string; bankName?: string; accounts?: number[] } = {},
): Promise<GcConnected> {
  const person = await makePerson(`gc${user}`.replace(/\W/g, ""));
  const headers = bearer(person.token, person.scopeId);
  await call(usersRoute.POST, "POST", "/api/accounttracking/v1/users", { headers });
  const banks = (await ebBanks(headers, options.country ?? "FI")).filter((b) => b.integrationName === "gocardless");
  const bank = banks.find((b) => b.name === (options.bankName ?? "Kuusi Pankki"));
  if (!bank) throw new Error(`no such fake institution among ${banks.map((b) => b.bankId).join(", ")}`);
  const consentId = await gcConsent(headers, bank.bankId);
  await landOnGcCallback(
    await decideAtGoCardless(await initiate(headers, consentId), user, "approve", options.accounts),
  );
  const consent = await validConsent(consentId);
  return { person, headers, consentId, bank, requisitionId: consent.externalId ?? "" };
}
