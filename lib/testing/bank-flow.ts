// Through our API and the sandbox bank: a person with a valid consent for a sandbox test user, and
// a tracked account under it. The bank is reached over HTTP (see sandbox-server.ts).
import * as totalsRoute from "@/app/sandbox-bank/api/controls/accounts/[resourceId]/totals/route";
import * as clockRoute from "@/app/sandbox-bank/api/controls/clock/route";
import * as clockResetRoute from "@/app/sandbox-bank/api/controls/clock/reset/route";
import * as banksRoute from "@/app/api/accounttracking/v1/banks/route";
import * as callbackRoute from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import * as consentsRoute from "@/app/api/accounttracking/v1/consents/route";
import * as redirectRoute from "@/app/api/accounttracking/v1/consents/[consent]/initiate-redirect/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import { trackAccount } from "@/lib/accounttracking/track";
import { consentAccounts } from "@/lib/accounttracking/consents";
import { db } from "@/lib/db/client";
import { decide, login } from "@/lib/sandbox-bank/testing/bank-calls";
import { bearer, call } from "@/lib/testing/http";
import { makePerson } from "@/lib/testing/fixtures";

export type Connected = {
  person: Awaited<ReturnType<typeof makePerson>>;
  consentId: string;
  bankId: string;
  bankConsentId: string;
};

export async function connectedConsent(bankUser: string): Promise<Connected> {
  const person = await makePerson(bankUser.replace(/\W/g, ""));
  const headers = bearer(person.token, person.scopeId);
  await call(usersRoute.POST, "POST", "/api/accounttracking/v1/users", { headers });
  const banks = await call<{ data: { bankId: string }[] }>(banksRoute.GET, "GET", "/api/accounttracking/v1/banks", {
    headers,
    query: "country=BE",
  });
  const bankId = banks.json.data[0].bankId;
  const created = await call<{ data: { id: string } }>(consentsRoute.POST, "POST", "/api/accounttracking/v1/consents", {
    headers,
    body: { integrationName: "sandbox", purpose: "account_access", expiryDays: 90, bankId },
  });
  const consentId = created.json.data.id;
  const bankConsentId = await approveAtBank(headers, consentId, bankId, bankUser);
  return { person, consentId, bankId, bankConsentId };
}

/** initiate-redirect → log in and approve at the sandbox bank → our callback. Returns the bank's consent id. */
export async function approveAtBank(
  headers: Record<string, string>,
  consentId: string,
  bankId: string,
  bankUser: string,
): Promise<string> {
  const redirect = await call<{ data: { authorizationUrl: string } }>(redirectRoute.POST, "POST", "x", {
    headers,
    params: { consent: consentId },
    body: {},
  });
  if (redirect.status !== 200) throw new Error(`initiate-redirect: ${redirect.status} ${redirect.text}`);
  const bankConsentId = new URL(redirect.json.data.authorizationUrl).searchParams.get("consentId") ?? "";
  const { cookie } = await login(bankId, bankConsentId, bankUser);
  const decision = await decide(bankId, bankConsentId, "approve", cookie);
  const back = new URL(decision.headers.get("location") ?? "");
  const landed = await call(callbackRoute.GET, "GET", back.pathname, {
    query: back.searchParams.toString(),
    params: { integration: "sandbox" },
  });
  if (landed.status !== 303) throw new Error(`callback: ${landed.status}`);
  return bankConsentId;
}

/** Tracks the account (the given bank account id, or the first of the type) and returns the first run. */
export async function trackedAccount(
  connected: Connected,
  options: { accountType?: "private" | "company" | "payment"; accountId?: string } = {},
) {
  const consent = await db().consent.findUniqueOrThrow({ where: { id: connected.consentId } });
  const exposed = await consentAccounts(db(), consent, { psuIpAddress: "192.0.2.1", requestId: "test" });
  const accountId =
    options.accountId ?? exposed.find((a) => a.accountType === (options.accountType ?? "private"))?.externalId;
  return trackAccount(
    db(),
    {
      scopeId: connected.person.scopeId,
      userId: connected.person.userId,
      bankId: connected.bankId,
      countryCode: "BE",
      accountType: options.accountType ?? "private",
      consentId: connected.consentId,
      accountId,
    },
    { psuIpAddress: "192.0.2.1", requestId: "test" },
  );
}

export type BankTotals = { booked: { count: number; sum: string }; pending: { count: number; sum: string } };

export async function bankTotals(resourceId: string): Promise<BankTotals> {
  const res = await call<BankTotals>(totalsRoute.GET, "GET", "x", { params: { resourceId } });
  if (res.status !== 200) throw new Error(`totals: ${res.status} ${res.text}`);
  return res.json;
}

export async function advanceBankClock(days: number) {
  const res = await call(clockRoute.POST, "POST", "/sandbox-bank/api/controls/clock", { body: { advanceDays: days } });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${res.text}`);
}

export async function resetBankClock() {
  await call(clockResetRoute.POST, "POST", "/sandbox-bank/api/controls/clock/reset");
}
