// The local fake Enable Banking over real HTTP, in the banks process beside the app (the launcher's
// ENABLE_BANKING_FAKE=1): connecting a person through our API and the fake's hosted bank page,
// reading the bank's own answer under the same session (signed with the app's key, as Enable
// Banking requires), and its controls (clock, ending a session; the operator's, with the secret).
import { readFileSync } from "node:fs";
import { createPrivateKey } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { SignJWT } from "jose";
import { EB_FAKE_PREFIX } from "../../sandbox/shared/prefixes";
import { controlHeaders } from "../control-secret";
import { banksUrl } from "./banks";
import type { Canonical } from "./bank-truth";
import { storedId, withoutNul } from "../../testing/support/bank-stored-form";
import { connectThrough, type Connection, type TrackedAccount } from "./connect";
import type { Person } from "./person";
import type { HoldAction, HoldAnswer } from "../../sandbox/shared/hold";

/** The fake's root on the banks' origin. */
const fake = () => `${banksUrl()}${EB_FAKE_PREFIX}`;
/** The app id (Enable Banking) and secret id (GoCardless) the demo uses with the local fakes (scripts/launch/demo-banks.ts). */
export const FAKE_APP_ID = "ledgerlink-local-fake";

type EbTransaction = {
  entry_reference?: string;
  transaction_id?: string;
  transaction_amount: { amount: string; currency: string };
  credit_debit_indicator: "CRDT" | "DBIT";
  status: string;
  booking_date?: string;
  value_date?: string;
  creditor?: { name?: string };
  creditor_account?: { iban?: string };
  debtor?: { name?: string };
  debtor_account?: { iban?: string };
  remittance_information?: string[];
  bank_transaction_code?: { code?: string; sub_code?: string };
};

/** Consent at a fake Enable Banking bank (Nordpankki, FI) for `user`, every account shared. */
export async function connectEnableBanking(
  request: APIRequestContext,
  person: Person,
  user: string,
  country = "FI",
): Promise<Connection> {
  const { atBank: _, ...connection } = await connectThrough(request, person, { name: "enablebanking", country }, (at) =>
    approveAtEnableBanking(request, at, user),
  );
  return { ...connection, bankConsentId: "" };
}

/** The fake's hosted page: sign in as the scenario user, tick both accounts, approve; the redirect back to us. */
export async function approveAtEnableBanking(request: APIRequestContext, atBank: URL, user: string): Promise<URL> {
  const decision = await request.post(`${atBank.origin}${atBank.pathname}/decision`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams([
      ["user", user],
      ["account", "0"],
      ["account", "1"],
      ["decision", "approve"],
    ]).toString(),
    maxRedirects: 0,
  });
  expect(decision.status()).toBe(303);
  return new URL(decision.headers()["location"]);
}

async function appToken(dataDir: string): Promise<string> {
  const key = createPrivateKey(readFileSync(`${dataDir}/enablebanking-fake-key.pem`, "utf8"));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid: FAKE_APP_ID })
    .setIssuer("enablebanking.com")
    .setAudience("api.enablebanking.com")
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key);
}

const orNull = (v: string | undefined) => (v === undefined || v === "" ? null : v);

/** An Enable Banking entry as the bank describes it (signed amount; BOOK/PDNG; no cancelled ones). */
function fromEnableBanking(t: EbTransaction): Canonical | null {
  const status = t.status === "BOOK" ? "booked" : t.status === "PDNG" || t.status === "HOLD" ? "pending" : null;
  if (!status) return null;
  const code = [t.bank_transaction_code?.code, t.bank_transaction_code?.sub_code].filter(Boolean).join("-");
  return {
    // The entry's identity as Enable Banking defines it: entry_reference (transaction_id may change).
    bankId: storedId(t.entry_reference ?? t.transaction_id ?? null),
    entryReference: orNull(t.entry_reference),
    status,
    bookingDate: status === "booked" ? orNull(t.booking_date) : null,
    valueDate: orNull(t.value_date),
    amount: `${t.credit_debit_indicator === "DBIT" ? "-" : ""}${t.transaction_amount.amount}`,
    currency: t.transaction_amount.currency,
    creditorName: orNull(t.creditor?.name),
    creditorIban: orNull(t.creditor_account?.iban),
    ultimateCreditor: null,
    debtorName: orNull(t.debtor?.name),
    debtorIban: orNull(t.debtor_account?.iban),
    ultimateDebtor: null,
    remittanceInformation: orNull((t.remittance_information ?? []).filter((l) => l !== "").join(" ")),
    creditorId: null,
    mandateId: null,
    bankTransactionCode: code || null,
    endToEndId: null,
    proprietaryBankTransactionCode: null,
  };
}

/** Every live entry the fake bank lists for the account, all pages (faulty pages asked again). */
export async function enableBankingTransactions(
  request: APIRequestContext,
  account: TrackedAccount,
  dataDir: string,
): Promise<Canonical[]> {
  const authorization = `Bearer ${await appToken(dataDir)}`;
  const rows: Canonical[] = [];
  let key: string | null = null;
  do {
    const query: string = key ? `?continuation_key=${encodeURIComponent(key)}` : "";
    let page: { transactions: EbTransaction[]; continuation_key?: string } | null = null;
    for (let attempt = 0; attempt < 12 && !page; attempt += 1) {
      const res = await request.get(`${fake()}/api/accounts/${account.bankAccountId}/transactions${query}`, {
        headers: { authorization, "psu-ip-address": "192.0.2.10" },
      });
      if (res.status() === 200)
        page = withoutNul((await res.json()) as { transactions: EbTransaction[]; continuation_key?: string });
      else expect([408, 429, 500, 502, 503], await res.text()).toContain(res.status());
    }
    if (!page) throw new Error("the fake bank kept failing");
    rows.push(...page.transactions.map(fromEnableBanking).filter((t): t is Canonical => t !== null));
    key = page.continuation_key ?? null;
  } while (key);
  return rows;
}

export async function moveFakeClock(request: APIRequestContext, days: number | "reset") {
  const res =
    days === "reset"
      ? await request.post(`${fake()}/controls/clock/reset`, { headers: controlHeaders })
      : await request.post(`${fake()}/controls/clock`, { headers: controlHeaders, data: { advanceDays: days } });
  expect(res.status()).toBe(200);
}

export async function endFakeSession(request: APIRequestContext, account: TrackedAccount, how: "expire" | "revoke") {
  const res = await request.post(`${fake()}/controls/accounts/${account.bankAccountId}/${how}`, {
    headers: controlHeaders,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Holds an account's transaction reports at the fake, or releases them (answering how many waited). */
export async function holdFakeAccount(request: APIRequestContext, account: TrackedAccount, action: HoldAction) {
  const res = await request.post(`${fake()}/controls/accounts/${account.bankAccountId}/${action}`, {
    headers: controlHeaders,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as HoldAnswer;
}
