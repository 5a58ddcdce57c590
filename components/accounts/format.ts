// Display helpers for accounts: money, titles, dates.
import { formatDate } from "@/components/ui/format";
import type { Account } from "@/lib/client/accounts";
import { DERIVED_ID_PREFIX, HASHED_ID_PREFIX } from "@/lib/banking/transaction-id-forms";

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A decimal string as money. Number() is used for display only, never for sums. */
export function formatMoney(
  amount: string | null | undefined,
  currency: string,
  options: { signed?: boolean } = {},
): string {
  if (amount === null || amount === undefined || amount === "") return "—";
  const key = `${currency}:${options.signed ? "s" : ""}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency,
        signDisplay: options.signed ? "exceptZero" : "auto",
      });
    } catch {
      format = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(key, format);
  }
  return format.format(Number(amount));
}

export function isNegative(amount: string): boolean {
  return amount.trim().startsWith("-");
}

export function isZero(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount.trim());
}

export const ACCOUNT_TYPES = { private: "Private", company: "Company", payment: "Payment" } as const;

/** The person's nickname for the account, else the bank's name for it. */
export function accountTitle(account: Pick<Account, "name" | "product"> & { nickname?: string | null }): string {
  return account.nickname ?? account.name ?? account.product ?? "Account";
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;
}

/** A bank's date (YYYY-MM-DD, anything after the day ignored) as the day it names, in any time zone. */
export function formatBankDate(date: string | null | undefined, fallback = "—"): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return fallback;
  return formatDate(date.slice(0, 10));
}

/**
 * What a person should know about a bank transaction id Ledgerlink did not store as sent
 * (docs/banks.md): one too long to index is kept as its hash; an entry without one has an id derived
 * from its content. Null for an id kept as the bank sent it.
 */
export function bankIdNote(id: string): string | null {
  if (id.startsWith(HASHED_ID_PREFIX)) return "The bank's id was longer than 512 bytes; this is its SHA-256.";
  if (id.startsWith(DERIVED_ID_PREFIX)) return "The bank sent no id; this one is derived from the entry's content.";
  return null;
}
