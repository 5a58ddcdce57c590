// What the scope holds: the bank balances summed per currency (exact decimals), never across
// currencies. An account without a balance yet is counted apart, so a total never claims it.
import { decimalAdd } from "@/lib/money/decimal";

type WithBalance = { currency: string; balance: { amount: string; currency: string } | null };

export type CurrencyTotal = { currency: string; total: string; accounts: number; unknown: number };

export function balanceTotals(accounts: readonly WithBalance[]): CurrencyTotal[] {
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const a of accounts) {
    const currency = a.balance?.currency ?? a.currency;
    const entry = byCurrency.get(currency) ?? { currency, total: "0", accounts: 0, unknown: 0 };
    if (a.balance) {
      entry.total = decimalAdd(entry.total, a.balance.amount);
      entry.accounts += 1;
    } else entry.unknown += 1;
    byCurrency.set(currency, entry);
  }
  return [...byCurrency.values()].sort((x, y) => (x.currency < y.currency ? -1 : 1));
}
