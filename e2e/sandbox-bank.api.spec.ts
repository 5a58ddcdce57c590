// The sandbox bank over real HTTP on its own origin (the banks process beside the app), as a TPP and
// a browser meet it: directory, consent creation, the bank's login and review forms, the 303 back to
// the TPP, then accounts and a transactions page. Its links are paths below that origin.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { controlHeaders } from "./control-secret";
import { banksUrl } from "./support/banks";
import { signedInPerson } from "./support/person";

/** A path the bank gave (a link) or a path of ours, on the banks' origin. */
const atBanks = (path: string) => new URL(path, banksUrl()).toString();

type Bank = { bankId: string; name: string; bic: string; countryCode: string; baseUrl: string };

async function belgianBank(request: APIRequestContext): Promise<Bank> {
  const dir = await request.get(atBanks("/sandbox-bank/api/directory?country=BE"));
  expect(dir.status()).toBe(200);
  const { banks } = (await dir.json()) as { banks: Bank[] };
  expect(banks.length).toBeGreaterThanOrEqual(2);
  // Each bank's base URL is absolute, on the banks' origin: the app reads it from another one.
  expect(banks[0].baseUrl).toBe(atBanks(`/sandbox-bank/api/banks/${banks[0].bankId}`));
  return banks[0];
}

async function createConsent(request: APIRequestContext, bank: Bank, okUri: string, nokUri: string) {
  const clockAnswer = await request.get(atBanks("/sandbox-bank/api/controls/clock"), { headers: controlHeaders });
  const clock = (await clockAnswer.json()) as { today: string };
  const validUntil = new Date(Date.parse(`${clock.today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post(`${bank.baseUrl}/v1/consents`, {
    headers: {
      "x-request-id": randomUUID(),
      "tpp-redirect-preferred": "true",
      "tpp-redirect-uri": okUri,
      "tpp-nok-redirect-uri": nokUri,
      "psu-ip-address": "192.0.2.1",
    },
    data: {
      access: { allPsd2: "allAccounts" },
      recurringIndicator: true,
      validUntil,
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as {
    consentId: string;
    consentStatus: string;
    _links: { scaRedirect: { href: string }; status: { href: string } };
  };
}

test("a TPP gets a consent approved at the bank, then reads accounts and transactions", async ({
  request,
  baseURL,
}) => {
  const bank = await belgianBank(request);
  const okUri = `${baseURL}/api/health?state=${randomUUID()}`;
  const consent = await createConsent(request, bank, okUri, `${baseURL}/api/health?error=denied`);
  expect(consent.consentStatus).toBe("received");

  // The browser follows scaRedirect to the bank's own login page, on the banks' origin.
  const authorizeUrl = consent._links.scaRedirect.href;
  expect(new URL(authorizeUrl).origin).toBe(banksUrl());
  expect(new URL(authorizeUrl).origin).not.toBe(new URL(baseURL ?? "").origin);
  const page = await request.get(authorizeUrl);
  expect(page.status()).toBe(200);
  const loginHtml = await page.text();
  expect(loginHtml).toContain(bank.name);
  expect(loginHtml).toContain("Sandbox");
  expect(loginHtml).toContain("User ID");

  const login = await request.post(atBanks(`/sandbox-bank/${bank.bankId}/authorize/login`), {
    form: { consentId: consent.consentId, userId: "alice", password: "anything" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const review = await request.get(login.headers()["location"]);
  const reviewHtml = await review.text();
  expect(reviewHtml).toContain("Approve");
  expect(reviewHtml).toContain("Alice Martin");

  const decision = await request.post(atBanks(`/sandbox-bank/${bank.bankId}/authorize/decision`), {
    form: { consentId: consent.consentId, decision: "approve" },
    maxRedirects: 0,
  });
  expect(decision.status()).toBe(303);
  expect(decision.headers()["location"]).toBe(okUri);
  const back = await request.get(decision.headers()["location"]);
  expect(back.status()).toBe(200);

  const status = await request.get(atBanks(consent._links.status.href));
  expect(await status.json()).toEqual({ consentStatus: "valid" });

  const list = await request.get(`${bank.baseUrl}/v1/accounts`, {
    headers: { "consent-id": consent.consentId, "psu-ip-address": "192.0.2.1" },
  });
  expect(list.status()).toBe(200);
  const bankDate = new Date(list.headers()["date"]);
  expect(Number.isNaN(bankDate.getTime())).toBe(false);
  const { accounts } = (await list.json()) as {
    accounts: {
      resourceId: string;
      iban: string;
      cashAccountType: string;
      _links: { transactions: { href: string } };
    }[];
  };
  expect(accounts.map((a) => a.cashAccountType)).toEqual(["CACC", "SVGS"]);
  expect(accounts[0].iban).toMatch(/^BE\d{14}$/);

  const txs = await request.get(
    atBanks(`${accounts[0]._links.transactions.href}?bookingStatus=both&itemsPerPage=100`),
    {
      headers: { "consent-id": consent.consentId },
    },
  );
  expect(txs.status()).toBe(200);
  const body = (await txs.json()) as {
    transactions: {
      booked: { transactionId: string; bookingDate: string; transactionAmount: { amount: string } }[];
      _links: { next?: { href: string } };
    };
  };
  expect(body.transactions.booked).toHaveLength(100);
  expect(body.transactions.booked[0].transactionAmount.amount).toMatch(/^-?\d+\.\d{2}$/);
  const next = body.transactions._links.next?.href ?? "";
  expect(next).toMatch(/^\/sandbox-bank\/api\/banks\/sbx-be-01\/v1\/accounts\/.+pageIndex=1/);
  const page2 = await request.get(atBanks(next), { headers: { "consent-id": consent.consentId } });
  expect(page2.status()).toBe(200);
});

test("the bank declines for user deny and sends the browser to the nok URI", async ({ request, baseURL }) => {
  const bank = await belgianBank(request);
  const nokUri = `${baseURL}/api/health?error=denied&state=${randomUUID()}`;
  const consent = await createConsent(request, bank, `${baseURL}/api/health`, nokUri);
  const login = await request.post(atBanks(`/sandbox-bank/${bank.bankId}/authorize/login`), {
    form: { consentId: consent.consentId, userId: "deny", password: "x" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const decision = await request.post(atBanks(`/sandbox-bank/${bank.bankId}/authorize/decision`), {
    form: { consentId: consent.consentId, decision: "approve" },
    maxRedirects: 0,
  });
  expect(decision.headers()["location"]).toBe(nokUri);
  expect(await (await request.get(atBanks(consent._links.status.href))).json()).toEqual({ consentStatus: "rejected" });
  const accounts = await request.get(`${bank.baseUrl}/v1/accounts`, { headers: { "consent-id": consent.consentId } });
  expect(accounts.status()).toBe(401);
  expect(await accounts.json()).toMatchObject({ tppMessages: [{ category: "ERROR", code: "CONSENT_INVALID" }] });
});

test("the bank's controls answer its operator only: not a signed-in person of the app", async ({
  request,
  baseURL,
}) => {
  const person = await signedInPerson(request, baseURL ?? "", "Operator");
  const clock = atBanks("/sandbox-bank/api/controls/clock");
  // The person's bearer token, and their browser session (this context carries the app's cookie,
  // which another origin never receives anyway): neither is the operator.
  for (const headers of [person.token, person.session, {}])
    expect((await request.post(clock, { headers, data: { advanceDays: 1 } })).status(), JSON.stringify(headers)).toBe(
      401,
    );
  expect((await request.get(clock, { headers: controlHeaders })).status()).toBe(200);
  // Nor does the app's origin serve the bank any more.
  expect((await request.get("/sandbox-bank/api/directory?country=BE")).status()).toBe(404);
});
