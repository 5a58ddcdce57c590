// A PSU's accounts at a sandbox bank: a pure function of (bank, user). The resourceId encodes
// (bank, user, index) so any account can be regenerated without storage (the bank's totals control
// needs nothing but the id).
import { bankById, type SandboxBank } from "@/sandbox/bank/data/banks";
import { addDays, type DateOnly } from "@/sandbox/bank/data/dates";
import { digitsFor } from "@/sandbox/bank/data/hash";
import { makeIban } from "@/sandbox/bank/data/iban";
import { resolveUser, type AccountKind, type UserProfile } from "@/sandbox/bank/data/users";

export type CashAccountType = "CACC" | "SVGS" | "CARD" | "OTHR";

export type SandboxAccount = {
  resourceId: string;
  bank: SandboxBank;
  profile: UserProfile;
  index: number;
  kind: AccountKind;
  seed: string;
  iban: string;
  currency: "EUR";
  name: string;
  product: string;
  cashAccountType: CashAccountType;
  usage: "PRIV" | "ORGA";
  openingCents: number;
  /** The PSU's other accounts at this bank (for transfers between own accounts). */
  siblingIbans: Partial<Record<AccountKind, string>>;
  /** A card number's last four digits, for card-payment remittance text. */
  cardLast4: string;
};

type KindInfo = {
  name: string;
  product: string;
  cashAccountType: CashAccountType;
  usage: "PRIV" | "ORGA";
  openingCents: number;
};

const KINDS: Record<AccountKind, KindInfo> = {
  "private-current": {
    name: "Current account",
    product: "Everyday Current Account",
    cashAccountType: "CACC",
    usage: "PRIV",
    openingCents: 240_000,
  },
  "private-savings": {
    name: "Savings account",
    product: "Flex Savings",
    cashAccountType: "SVGS",
    usage: "PRIV",
    openingCents: 800_000,
  },
  "company-main": {
    name: "Business current account",
    product: "Business Current Account",
    cashAccountType: "CACC",
    usage: "ORGA",
    openingCents: 4_500_000,
  },
  "company-ops": {
    name: "Operations account",
    product: "Business Operations Account",
    cashAccountType: "CACC",
    usage: "ORGA",
    openingCents: 1_200_000,
  },
  "company-reserve": {
    name: "Reserve account",
    product: "Business Savings",
    cashAccountType: "SVGS",
    usage: "ORGA",
    openingCents: 10_000_000,
  },
  payment: {
    name: "Prepaid card",
    product: "Prepaid e-money card account",
    cashAccountType: "CARD",
    usage: "PRIV",
    openingCents: 15_000,
  },
  bulk: {
    name: "Current account",
    product: "Everyday Current Account",
    cashAccountType: "CACC",
    usage: "PRIV",
    openingCents: 100_000_00,
  },
};

export function encodeResourceId(bankId: string, userId: string, index: number): string {
  return `acc_${Buffer.from(`${bankId}|${userId}|${index}`, "utf8").toString("base64url")}`;
}

function decodeResourceId(resourceId: string): { bankId: string; userId: string; index: number } | null {
  if (!resourceId.startsWith("acc_") || resourceId.length > 120) return null;
  const parts = Buffer.from(resourceId.slice(4), "base64url").toString("utf8").split("|");
  if (parts.length !== 3 || !/^\d{1,2}$/.test(parts[2])) return null;
  return { bankId: parts[0], userId: parts[1], index: Number(parts[2]) };
}

export function accountsFor(bank: SandboxBank, profile: UserProfile): SandboxAccount[] {
  const ibans = profile.accounts.map((_, i) =>
    makeIban(bank.countryCode, bank.code, `${bank.bankId}|${profile.userId}|${i}`),
  );
  const siblingIbans: Partial<Record<AccountKind, string>> = {};
  profile.accounts.forEach((kind, i) => (siblingIbans[kind] = ibans[i]));
  return profile.accounts.map((kind, index) => {
    const info = KINDS[kind];
    const seed = `${bank.bankId}|${profile.userId}|${index}`;
    return {
      resourceId: encodeResourceId(bank.bankId, profile.userId, index),
      bank,
      profile,
      index,
      kind,
      seed,
      iban: ibans[index],
      currency: "EUR",
      name: info.name,
      product: info.product,
      cashAccountType: info.cashAccountType,
      usage: info.usage,
      openingCents: info.openingCents,
      siblingIbans,
      cardLast4: digitsFor(`${seed}|card`, 4),
    };
  });
}

/** Regenerates an account from its resourceId alone (null when the id is not one of ours). */
export function accountByResourceId(resourceId: string): SandboxAccount | null {
  const decoded = decodeResourceId(resourceId);
  if (!decoded) return null;
  const bank = bankById(decoded.bankId);
  const user = resolveUser(decoded.userId);
  if (!bank || !user.ok || user.profile.userId !== decoded.userId) return null;
  return accountsFor(bank, user.profile)[decoded.index] ?? null;
}

/** First day of history: relative to the real date, so moving the sandbox clock only adds days. */
export function historyStart(account: SandboxAccount, baseToday: DateOnly): DateOnly {
  return addDays(baseToday, -account.profile.historyDays);
}
