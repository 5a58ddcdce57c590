// What the scope holds: the bank balances summed per currency (exact decimals), never across
// currencies. An account without a balance yet is counted apart, so a total never claims it.
import { accessEnded } from "@/components/accounts/health";
import type { Account } from "@/lib/client/accounts";
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

type Countable = WithBalance & Pick<Account, "hidden" | "trackingState" | "access">;

/**
 * Which accounts the total adds: those still synced. An account a person stopped or archived, or
 * whose bank access ended, has a balance that no longer updates: it is left out and listed apart
 * with the date its balance was read. Hidden accounts are left out and only counted.
 */
export function splitForTotals<A extends Countable>(accounts: readonly A[], now = Date.now()) {
  const counted: A[] = [];
  const ended: A[] = [];
  let hidden = 0;
  for (const a of accounts) {
    if (a.hidden) hidden += 1;
    else if (a.trackingState !== "tracking" || accessEnded(a, now)) ended.push(a);
    else counted.push(a);
  }
  return { counted, ended, hidden };
}
