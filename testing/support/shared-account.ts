// After the bank's callback: the consent must be valid; then one account it shares is tracked,
// attended (as from a browser), and its first sync, which tracking queued, can be run here.
import { consentAccounts } from "@/lib/accounttracking/consents/consents";
import { trackAccount } from "@/lib/accounttracking/accounts/track-account";
import type { AccountKind, Bank } from "@/lib/banking/types";
import { db } from "@/lib/db/client";
import { personActor } from "@/testing/support/audit";
import { executeOnce, type RunOptions } from "@/testing/support/sync-runs";

const ATTENDED = { psuIpAddress: "192.0.2.1", requestId: "test" };

export type Consented = {
  person: { scopeId: string; userId: string };
  consentId: string;
  bank: Pick<Bank, "bankId" | "countryCode">;
};

/** Which shared account: the given bank account id, else the first of the type (private by default). */
export type AccountPick = { accountType?: AccountKind; accountId?: string };

/** The consent after the callback; anything but valid is the flow's failure, said with its reason. */
export async function validConsent(consentId: string) {
  const consent = await db().consent.findUniqueOrThrow({ where: { id: consentId } });
  if (consent.status !== "valid") throw new Error(`consent ${consent.status}: ${consent.statusReason}`);
  return consent;
}

/** Tracks a shared account; returns it with the first run (queued, not yet executed). */
export async function trackSharedAccount(c: Consented, pick: AccountPick = {}) {
  const accountType = pick.accountType ?? "private";
  const consent = await db().consent.findUniqueOrThrow({ where: { id: c.consentId } });
  const { accounts: exposed } = await consentAccounts(db(), consent);
  const accountId = pick.accountId ?? exposed.find((a) => a.accountType === accountType)?.externalId;
  return trackAccount({
    scopeId: c.person.scopeId,
    userId: c.person.userId,
    bankId: c.bank.bankId,
    countryCode: c.bank.countryCode,
    accountType,
    consentId: c.consentId,
    accountId,
    context: ATTENDED,
    actor: personActor(c.person.userId),
  });
}

/** Tracks a shared account and executes its first sync; returns it with the finished run. */
export async function syncedSharedAccount(c: Consented, pick: AccountPick = {}, options?: RunOptions) {
  const { account, run } = await trackSharedAccount(c, pick);
  return { account, run: await executeOnce(run.id, options) };
}
