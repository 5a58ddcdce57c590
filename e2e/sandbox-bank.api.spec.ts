// The sandbox bank over real HTTP, as a TPP and a browser meet it: directory, consent creation, the
// bank's login and review forms, the 303 back to the TPP, then accounts and a transactions page.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { controlHeaders } from "./control-secret";

type Bank = { bankId: string; name: string; bic: string; countryCode: string; baseUrl: string };

async function belgianBank(request: APIRequestContext): Promise<Bank> {
  const dir = await request.get("/sandbox-bank/api/directory?country=BE");
  expect(dir.status()).toBe(200);
  const { banks } = (await dir.json()) as { banks: Bank[] };
  expect(banks.length).toBeGreaterThanOrEqual(2);
  return banks[0];
}

async function createConsent(request: APIRequestContext, bank: Bank, okUri: string, nokUri: string) {
  const clock = (await (await request.get("/sandbox-bank/api/controls/clock", { headers: controlHeaders })).json()) as {
    today: string;
  };
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

  // The browser follows scaRedirect to the bank's own login page.
  const authorizeUrl = consent._links.scaRedirect.href;
  const page = await request.get(authorizeUrl);
  expect(page.status()).toBe(200);
  const loginHtml = await page.text();
  expect(loginHtml).toContain(bank.name);
  expect(loginHtml).toContain("Sandbox");
  expect(loginHtml).toContain("User ID");

  const login = await request.post(`/sandbox-bank/${bank.bankId}/authorize/login`, {
    form: { consentId: consent.consentId, userId: "alice", password: "anything" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const review = await request.get(login.headers()["location"]);
  const reviewHtml = await review.text();
  expect(reviewHtml).toContain("Approve");
  expect(reviewHtml).toContain("Alice Martin");

  const decision = await request.post(`/sandbox-bank/${bank.bankId}/authorize/decision`, {
    form: { consentId: consent.consentId, decision: "approve" },
    maxRedirects: 0,
  });
  expect(decision.status()).toBe(303);
  expect(decision.headers()["location"]).toBe(okUri);
  const back = await request.get(decision.headers()["location"]);
  expect(back.status()).toBe(200);

  const status = await request.get(consent._links.status.href);
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

  const txs = await request.get(`${accounts[0]._links.transactions.href}?bookingStatus=both&itemsPerPage=100`, {
    headers: { "consent-id": consent.consentId },
  });
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
  const page2 = await request.get(next, { headers: { "consent-id": consent.consentId } });
  expect(page2.status()).toBe(200);
});

test("the bank declines for user deny and sends the browser to the nok URI", async ({ request, baseURL }) => {
  const bank = await belgianBank(request);
  const nokUri = `${baseURL}/api/health?error=denied&state=${randomUUID()}`;
  const consent = await createConsent(request, bank, `${baseURL}/api/health`, nokUri);
  const login = await request.post(`/sandbox-bank/${bank.bankId}/authorize/login`, {
    form: { consentId: consent.consentId, userId: "deny", password: "x" },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const decision = await request.post(`/sandbox-bank/${bank.bankId}/authorize/decision`, {
    form: { consentId: consent.consentId, decision: "approve" },
    maxRedirects: 0,
  });
  expect(decision.headers()["location"]).toBe(nokUri);
  expect(await (await request.get(consent._links.status.href)).json()).toEqual({ consentStatus: "rejected" });
  const accounts = await request.get(`${bank.baseUrl}/v1/accounts`, { headers: { "consent-id": consent.consentId } });
  expect(accounts.status()).toBe(401);
  expect(await accounts.json()).toMatchObject({ tppMessages: [{ category: "ERROR", code: "CONSENT_INVALID" }] });
});
