// The local fake GoCardless over real HTTP, in the banks process beside the app (the launcher's
// GOCARDLESS_FAKE=1): the bank's own answer for an account, read with a token of its own (the secret
// id the demo uses with the local fakes and the key the launcher made under the data directory),
// and the fake's totals (a control: the operator's, with the secret).
import { readFileSync } from "node:fs";
import { expect, type APIRequestContext } from "@playwright/test";
import { GC_FAKE_PREFIX } from "../../sandbox/shared/prefixes";
import { controlHeaders } from "../control-secret";
import { banksUrl } from "./banks";
import { FAKE_APP_ID } from "./enablebanking";

/** A transaction as GoCardless sends it (Berlin Group shape; the amount already signed). */
export type GcTransaction = {
  transactionId?: string;
  entryReference?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: { amount: string; currency: string };
  creditorName?: string;
  debtorName?: string;
  remittanceInformationUnstructured?: string;
};

export type GcTotals = { booked: number; pending: number; sumByCurrency: Record<string, string> };

/** The fake's root on the banks' origin. */
const fake = () => `${banksUrl()}${GC_FAKE_PREFIX}`;

async function accessToken(request: APIRequestContext, dataDir: string): Promise<string> {
  const secretKey = readFileSync(`${dataDir}/gocardless-fake-secret`, "utf8").trim();
  const res = await request.post(`${fake()}/api/v2/token/new/`, {
    data: { secret_id: FAKE_APP_ID, secret_key: secretKey },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** Every booked and pending entry the fake bank lists for the account (its whole history, one window). */
export async function goCardlessTransactions(
  request: APIRequestContext,
  bankAccountId: string,
  dataDir: string,
): Promise<{ booked: GcTransaction[]; pending: GcTransaction[] }> {
  const res = await request.get(`${fake()}/api/v2/accounts/${bankAccountId}/transactions/`, {
    headers: { authorization: `Bearer ${await accessToken(request, dataDir)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { transactions } = (await res.json()) as {
    transactions: { booked: GcTransaction[]; pending: GcTransaction[] };
  };
  return transactions;
}

/** What the fake bank holds for the account now: counts and signed sums per currency. */
export async function goCardlessTotals(request: APIRequestContext, bankAccountId: string): Promise<GcTotals> {
  const res = await request.get(`${fake()}/controls/accounts/${bankAccountId}/totals`, { headers: controlHeaders });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as GcTotals;
}
