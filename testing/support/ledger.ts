// Builders for the ledger's unit tests (lib/ledger/*.test.ts): an anchor and a booked day in
// euros unless told otherwise, so each case writes only the figures it is about.
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
