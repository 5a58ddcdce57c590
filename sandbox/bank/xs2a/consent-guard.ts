// What a Consent-ID allows: lazy status changes (slow approval, expiry by the sandbox date), the
// checks every account call makes, which accounts the consent covers, and the unattended-access budget.
import { accountsFor, type SandboxAccount } from "@/sandbox/bank/data/accounts";
import { bankById } from "@/sandbox/bank/data/banks";
import { MS_PER_DAY } from "@/sandbox/bank/data/dates";
import { resolveUser } from "@/sandbox/bank/data/users";
import {
  findConsent,
  transition,
  touchLastAction,
  type Consent,
  type ConsentAccess,
} from "@/sandbox/bank/store/consents";
import { countAccess } from "@/sandbox/bank/store/counters";
import { Xs2aError, type BankContext } from "@/sandbox/bank/xs2a/http";

export type Service = "accounts" | "balances" | "transactions";

function isSlowPsu(psuId: string | null): boolean {
  if (!psuId) return false;
  const user = resolveUser(psuId);
  return user.ok && user.profile.behaviour === "slow";
}

/** The bank's time and settings, which is all that settling a consent needs. */
export type SettleContext = Pick<BankContext, "clock" | "settings">;

/** A decoupled request unanswered in the app this long fails (the bank's own timeout). */
export const IN_APP_TIMEOUT_SECONDS = 300;

/**
 * Applies the changes that happen with time: slow approval completing, a decoupled request timing
 * out unanswered, expiry by the sandbox date.
 */
export async function settle(consent: Consent, { clock, settings }: SettleContext): Promise<Consent> {
  let c = consent;
  const unanswered = c.scaApproach === "DECOUPLED" && c.approvedAt === null;
  if (c.status === "received" && unanswered && clock.nowMs - c.createdAt.getTime() >= IN_APP_TIMEOUT_SECONDS * 1000)
    c = (await transition(c.id, "rejected", ["received"])) ?? c;
  const slowDone = c.approvedAt !== null && clock.nowMs - c.approvedAt.getTime() >= settings.slowApprovalSeconds * 1000;
  if (c.status === "received" && slowDone && isSlowPsu(c.psuId))
    c = (await transition(c.id, "valid", ["received"])) ?? c;
  if ((c.status === "received" || c.status === "valid") && clock.today > c.validUntil)
    c = (await transition(c.id, "expired", ["received", "valid"])) ?? c;
  return c;
}

/** The consent of this bank with this id, settled; null when unknown here. */
export async function consentAtBank(consentId: string, bankId: string, ctx: SettleContext): Promise<Consent | null> {
  const consent = await findConsent(consentId);
  if (!consent || consent.bankId !== bankId) return null;
  return settle(consent, ctx);
}

/**
 * A bank-offered consent (NextGenPSD2: the account lists asked for are empty): the TPP names no
 * accounts, and the PSU chooses at the bank which accounts it covers, for the services asked.
 */
export function isBankOffered(access: ConsentAccess): boolean {
  const present = [access.accounts, access.balances, access.transactions].filter((l) => l !== undefined);
  return present.length > 0 && present.every((l) => l?.length === 0);
}

/** The access of a bank-offered consent once the PSU chose `chosen`: each service asked, for those accounts. */
export function accessForChosen(access: ConsentAccess, chosen: SandboxAccount[]): ConsentAccess {
  const refs = chosen.map((a) => ({ iban: a.iban, currency: a.currency }));
  return {
    ...(access.accounts ? { accounts: refs } : {}),
    ...(access.balances ? { balances: refs } : {}),
    ...(access.transactions ? { transactions: refs } : {}),
  };
}

export function covers(consent: Consent, account: SandboxAccount, service: Service): boolean {
  const a = consent.access;
  if (a.allPsd2) return true;
  if (service === "accounts" && (a.availableAccounts || a.availableAccountsWithBalance)) return true;
  if (service === "balances" && a.availableAccountsWithBalance) return true;
  const lists = { accounts: a.accounts, balances: a.balances, transactions: a.transactions };
  // Still bank-offered (not yet approved): every account of the PSU may be chosen.
  const bankOffered = isBankOffered(a);
  const allows = (list: { iban: string }[] | undefined) =>
    list !== undefined && (bankOffered || list.some((r) => r.iban.replace(/\s/g, "").toUpperCase() === account.iban));
  if (service === "accounts") return allows(lists.accounts) || allows(lists.balances) || allows(lists.transactions);
  return allows(lists[service]);
}

export type Access = { consent: Consent; accounts: SandboxAccount[] };

/** Consent-ID checks for account endpoints, in the spec's order and codes. */
export async function requireValidConsent(ctx: BankContext): Promise<Access> {
  const bank = bankById(ctx.params.bankId);
  if (!bank) throw new Xs2aError(404, "RESOURCE_UNKNOWN", `No bank ${ctx.params.bankId} at this sandbox.`);
  const consentId = ctx.request.headers.get("consent-id");
  if (!consentId) throw new Xs2aError(400, "FORMAT_ERROR", "The Consent-ID header is required.");
  const consent = await consentAtBank(consentId, bank.bankId, ctx);
  if (!consent) throw new Xs2aError(403, "CONSENT_UNKNOWN", "The Consent-ID is not known to this bank.");
  if (consent.status === "expired")
    throw new Xs2aError(401, "CONSENT_EXPIRED", `The consent expired (validUntil ${consent.validUntil}).`);
  if (consent.status !== "valid")
    throw new Xs2aError(401, "CONSENT_INVALID", `The consent is ${consent.status}, not valid.`);
  const user = consent.psuId ? resolveUser(consent.psuId) : null;
  if (!user?.ok) throw new Xs2aError(401, "CONSENT_INVALID", "The consent has no authorised PSU.");
  await touchLastAction(consent.id, ctx.clock.today);
  return { consent, accounts: accountsFor(bank, user.profile) };
}

/** The account behind a path's resourceId if the consent covers it for `service`. */
export function coveredAccount(access: Access, resourceId: string, service: Service): SandboxAccount {
  const account = access.accounts.find((a) => a.resourceId === resourceId);
  if (!account || !covers(access.consent, account, "accounts")) {
    throw new Xs2aError(404, "RESOURCE_UNKNOWN", "No such account under this consent.");
  }
  if (!covers(access.consent, account, service))
    throw new Xs2aError(401, "CONSENT_INVALID", `The consent does not grant ${service} for this account.`);
  return account;
}

/**
 * Unattended access (no PSU-IP-Address) counts against frequencyPerDay per (consent, account,
 * sandbox day); over it the bank answers 429 ACCESS_EXCEEDED until the next sandbox day.
 */
export async function spendAccessBudget(ctx: BankContext, consent: Consent, accountKey: string): Promise<void> {
  if (ctx.request.headers.get("psu-ip-address")) return;
  const count = await countAccess(consent.id, accountKey, ctx.clock.today);
  if (count > consent.frequencyPerDay) {
    const untilMidnight = Math.ceil((MS_PER_DAY - (ctx.clock.sandboxNowMs % MS_PER_DAY)) / 1000);
    throw new Xs2aError(
      429,
      "ACCESS_EXCEEDED",
      `frequencyPerDay (${consent.frequencyPerDay}) reached for today without the PSU present.`,
      {
        "retry-after": String(untilMidnight),
      },
    );
  }
}
