// Through our API and the sandbox bank: a person with a valid consent for a sandbox test user, and
// a tracked account under it. The bank is reached over HTTP on its own origin (sandbox-server.ts);
// the steps our API takes are testing/support/consent-flow.ts's.
import { bankControl, decideAtBank, loginAtBank } from "@/testing/support/sandbox-bank-calls";
import {
  banksIn,
  createConsent,
  initiate,
  landOnCallback,
  trackingPerson,
  type Person,
} from "@/testing/support/consent-flow";
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
  const { cookie } = await loginAtBank(consent.bankId, bankConsentId, bankUser);
  const decided = await decideAtBank(consent.bankId, bankConsentId, decision, cookie);
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

export const bankTotals = (resourceId: string) =>
  bankControl<BankTotals>("GET", `accounts/${encodeURIComponent(resourceId)}/totals`);

export async function advanceBankClock(days: number) {
  await bankControl("POST", "clock", { advanceDays: days });
}

export async function resetBankClock() {
  await bankControl("POST", "clock/reset");
}

/** Forces the bank's consent expired or revoked, as the bank's operator does. */
export async function endAtBank(bankConsentId: string, how: "expire" | "revoke") {
  return bankControl<{ consentStatus: string }>("POST", `consents/${encodeURIComponent(bankConsentId)}/${how}`);
}
