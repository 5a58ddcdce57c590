// Through our API and the sandbox bank: a person with a valid consent for a sandbox test user, and
// a tracked account under it. The bank is reached over HTTP (see sandbox-server.ts); the steps our
// API takes are testing/support/consent-flow.ts's.
import * as totalsRoute from "@/app/sandbox-bank/api/controls/accounts/[resourceId]/totals/route";
import * as clockRoute from "@/app/sandbox-bank/api/controls/clock/route";
import * as clockResetRoute from "@/app/sandbox-bank/api/controls/clock/reset/route";
import { decide, login } from "@/sandbox/bank/testing/bank-calls";
import {
  banksIn,
  createConsent,
  initiate,
  landOnCallback,
  trackingPerson,
  type Person,
} from "@/testing/support/consent-flow";
import { call } from "@/testing/support/http";
import { syncedSharedAccount, trackSharedAccount, type AccountPick } from "@/testing/support/shared-account";
import type { RunOptions } from "@/testing/support/sync-runs";

export type Connected = { person: Person; consentId: string; bankId: string; bankConsentId: string };

/** A person (named after the bank user) with a consent for the first Belgian sandbox bank, not yet sent there. */
export async function pendingSandboxConsent(label: string) {
  const { person, headers } = await trackingPerson(label);
  const { bankId } = (await banksIn(headers, "BE"))[0];
  const consentId = await createConsent(headers, { integrationName: "sandbox", bankId });
  return { person, headers, consentId, bankId };
}

export async function connectedConsent(bankUser: string): Promise<Connected> {
  const { person, headers, consentId, bankId } = await pendingSandboxConsent(bankUser);
  const bankConsentId = await approveAtBank(headers, consentId, bankId, bankUser);
  return { person, consentId, bankId, bankConsentId };
}

/** initiate-redirect → log in and decide at the sandbox bank: the bank's consent id and its redirect back. */
export async function decideAtSandboxBank(
  headers: Record<string, string>,
  consent: { consentId: string; bankId: string },
  bankUser: string,
  decision: "approve" | "deny",
): Promise<{ bankConsentId: string; back: URL }> {
  const bankConsentId = new URL(await initiate(headers, consent.consentId)).searchParams.get("consentId") ?? "";
  const { cookie } = await login(consent.bankId, bankConsentId, bankUser);
  const decided = await decide(consent.bankId, bankConsentId, decision, cookie);
  return { bankConsentId, back: new URL(decided.headers.get("location") ?? "") };
}

/** initiate-redirect → log in and approve at the sandbox bank → our callback. Returns the bank's consent id. */
export async function approveAtBank(
  headers: Record<string, string>,
  consentId: string,
  bankId: string,
  bankUser: string,
): Promise<string> {
  const { bankConsentId, back } = await decideAtSandboxBank(headers, { consentId, bankId }, bankUser, "approve");
  await landOnCallback(back, "sandbox");
  return bankConsentId;
}

const sandboxConsented = (c: Connected) => ({ ...c, bank: { bankId: c.bankId, countryCode: "BE" } });

/** Tracks the account (the given bank account id, or the first of the type) and returns the first run. */
export const trackedAccount = (c: Connected, pick: AccountPick = {}) => trackSharedAccount(sandboxConsented(c), pick);

/** Tracks the account and executes its first sync; returns it with the finished run. */
export const syncedAccount = (c: Connected, pick: AccountPick = {}, options?: RunOptions) =>
  syncedSharedAccount(sandboxConsented(c), pick, options);

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
