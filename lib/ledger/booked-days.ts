// The booked transactions of an account as the ledger reads them: one total per booking date and
// currency (the lead's SQL sums the booked, not pending, not removed rows), and a running total
// over them read in one forward pass. The series and the reconciliation both take the sum of a
// span of days as the difference of two running totals, so each stays linear in days + anchors.

import { decimalAdd, decimalSubtract } from "@/lib/money/decimal";

/** The sum of an account's booked transactions on one booking date, in one currency. */
export type BookedDay = { date: string; currency: string; total: string; count: number };

/** The booked total and count of all days up to and including some date. */
export type RunningTotal = { total: string; count: number };

/** `later − earlier`: what was booked in the days (earlier's date, later's date]. */
export function bookedBetween(earlier: RunningTotal, later: RunningTotal): RunningTotal {
  return { total: decimalSubtract(later.total, earlier.total), count: later.count - earlier.count };
}

/**
 * One currency's booked days in date order. The reads deliver them sorted; an unsorted input is
 * sorted here rather than trusted, and two entries for one date simply add up.
 */
export function bookedDaysIn(days: readonly BookedDay[], currency: string): BookedDay[] {
  const own = days.filter((day) => day.currency === currency);
  const isSorted = own.every((day, i) => i === 0 || own[i - 1].date <= day.date);
  return isSorted ? own : own.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * A cursor over sorted booked days: `through(date)` is the running total of all days ≤ date.
 * Dates must not go back between calls (each cursor reads the days once).
 */
export function runningTotals(sortedDays: readonly BookedDay[]): { through(date: string): RunningTotal } {
  let index = 0;
  let total = "0";
  let count = 0;
  let lastDate = "";
  return {
    through(date: string): RunningTotal {
      if (date < lastDate) throw new Error(`running totals read backwards: ${date} after ${lastDate}`);
      lastDate = date;
      while (index < sortedDays.length && sortedDays[index].date <= date) {
        total = decimalAdd(total, sortedDays[index].total);
        count += sortedDays[index].count;
        index += 1;
      }
      return { total, count };
    },
  };
}
