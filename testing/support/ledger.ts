// Builders for the ledger's unit tests (lib/ledger/*.test.ts): an anchor and a booked day in
// euros unless told otherwise, so each case writes only the figures it is about. And the month the
// ledger's integration and end-to-end tests close.
import { addDays } from "@/lib/dates/days";
import type { BookedDay } from "@/lib/ledger/booked-days";
import type { Anchor } from "@/lib/ledger/points";

export const anchor = (date: string, amount: string, extra: Partial<Anchor> = {}): Anchor => ({
  date,
  amount,
  currency: "EUR",
  source: "bank",
  balanceType: "closingBooked",
  ...extra,
});

export const day = (date: string, total: string, count = 1, currency = "EUR"): BookedDay => ({
  date,
  currency,
  total,
  count,
});

/**
 * The month a test closes on a synced account: the last one over before the bank's first balance
 * among a balance series' `points`, so no balance of the bank's lies inside it and neither end is
 * known. In a month's first days that balance still falls in the month before (11-29 on 12-01):
 * closing that month, the refusal rightly names the days after the balance, not the whole month.
 */
export function monthBeforeBankBalances(points: { date: string; kind: string }[]) {
  const first = points
    .filter((p) => p.kind === "bank")
    .map((p) => p.date)
    .sort()[0];
  if (!first) throw new Error("the series has no balance of the bank's");
  const closingDate = addDays(`${first.slice(0, 7)}-01`, -1);
  const month = closingDate.slice(0, 7);
  return { month, openingDate: addDays(`${month}-01`, -1), closingDate };
}
