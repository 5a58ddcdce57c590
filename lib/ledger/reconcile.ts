// Reconciliation of one account in one currency between two balance points, and the bounds of a
// month to close. Pure: no database, no I/O.
//
// Rules:
// - It holds when opening + the booked totals of the days in (opening.date, closing.date] equals
//   closing EXACTLY (decimal strings, any scale: "1.5" equals "1.50").
// - difference = closing − (opening + booked): the net amount of bookings the stored transactions
//   lack (negative: a debit is missing, or a credit too many).
// - Windows narrow where a difference lies, using the anchors strictly between the two points
//   (one per day; lib/ledger/points.ts chooses them). Each consecutive pair of the chain
//   opening → anchors → closing whose own equation does not hold is a "segment" window:
//   from = left anchor's date + 1 day, to = right anchor's date (a one-day window names that day),
//   with its own difference, booked total and count. The windows' differences add up to the
//   overall difference, so no difference can hide between them; two windows may cancel in the
//   overall figure, which is why `holds` needs every window clean, not only the total.
// - Two figures for the end of the SAME day that differ are a "same_day" window: from = to = that
//   day, opening = the figure in use, closing = the differing figure, difference = closing −
//   opening, booked total 0 (no transaction lies between them). They come from three places:
//   the disagreements chooseAnchors reported for days in [opening.date, closing.date]; an anchor of
//   the list on the opening's or the closing's day that differs from the point given (a person's
//   figure against the bank's); and an opening and a closing on one day that differ.
// - Windows are in date order (by `to`; on one day the day's segment first, then its same_day
//   findings). holds = no window at all.
// - Currencies are never mixed: opening and closing must share one; other currencies' anchors,
//   days and disagreements are ignored.

import { z } from "zod";
import { isCalendarDate } from "@/lib/dates/iso-date";
import { addDays } from "@/lib/dates/days";
import { compareDecimals, decimalAdd, decimalSubtract, signOfDecimal } from "@/lib/money/decimal";
import { type BookedDay, bookedBetween, bookedDaysIn, runningTotals } from "./booked-days";
import { type Anchor, type AnchorDisagreement, anchorsIn } from "./points";

export type ReconcileWindow = {
  kind: "segment" | "same_day";
  /** First day whose bookings could explain the difference (same_day: the day itself). */
  from: string;
  /** Last such day: the closing figure's day. */
  to: string;
  /** closing − (opening + booked total). */
  difference: string;
  opening: Anchor;
  closing: Anchor;
  bookedTotal: string;
  bookedCount: number;
};

export type Reconciliation = {
  holds: boolean;
  /** opening + booked total. */
  expected: string;
  /** The closing figure. */
  actual: string;
  /** actual − expected. */
  difference: string;
  bookedTotal: string;
  bookedCount: number;
  windows: ReconcileWindow[];
};

function sameDayWindow(inUse: Anchor, differing: Anchor): ReconcileWindow {
  return {
    kind: "same_day",
    from: inUse.date,
    to: inUse.date,
    difference: decimalSubtract(differing.amount, inUse.amount),
    opening: inUse,
    closing: differing,
    bookedTotal: "0",
    bookedCount: 0,
  };
}

/** Who gave a figure, so one pair of figures is reported once whichever way round it came in. */
function identity(anchor: Anchor): string {
  return anchor.balanceId ?? `${anchor.source}:${anchor.balanceType}:${anchor.date}:${anchor.amount}`;
}

export function reconcile(input: {
  opening: Anchor;
  closing: Anchor;
  anchors: readonly Anchor[];
  days: readonly BookedDay[];
  disagreements?: readonly AnchorDisagreement[];
}): Reconciliation {
  const { opening, closing } = input;
  for (const [name, point] of [
    ["opening", opening],
    ["closing", closing],
  ] as const) {
    if (!isCalendarDate(point.date)) throw new RangeError(`${name} date is not a calendar day: ${point.date}`);
  }
  if (opening.currency !== closing.currency) {
    throw new Error(
      `opening in ${opening.currency} and closing in ${closing.currency}: one currency per reconciliation`,
    );
  }
  if (opening.date > closing.date) throw new RangeError(`opening ${opening.date} is after closing ${closing.date}`);
  const currency = opening.currency;
  const anchors = anchorsIn(input.anchors, currency);
  const totals = runningTotals(bookedDaysIn(input.days, currency));

  const windows: ReconcileWindow[] = [];
  const reported = new Set<string>();
  const addSameDay = (inUse: Anchor, differing: Anchor) => {
    if (compareDecimals(inUse.amount, differing.amount) === 0) return;
    const pair = [identity(inUse), identity(differing)].sort().join(" | ");
    if (reported.has(pair)) return;
    reported.add(pair);
    windows.push(sameDayWindow(inUse, differing));
  };

  // The chain opening → anchors strictly between → closing, one segment per consecutive pair.
  const between = anchors.filter((anchor) => anchor.date > opening.date && anchor.date < closing.date);
  const chain = [opening, ...between, closing];
  const atOpening = totals.through(opening.date);
  let left = { anchor: opening, total: atOpening };
  for (const anchor of chain.slice(1)) {
    const total = totals.through(anchor.date);
    if (anchor.date === left.anchor.date) {
      addSameDay(left.anchor, anchor);
    } else {
      const booked = bookedBetween(left.total, total);
      const difference = decimalSubtract(anchor.amount, decimalAdd(left.anchor.amount, booked.total));
      if (signOfDecimal(difference) !== 0) {
        windows.push({
          kind: "segment",
          from: addDays(left.anchor.date, 1),
          to: anchor.date,
          difference,
          opening: left.anchor,
          closing: anchor,
          bookedTotal: booked.total,
          bookedCount: booked.count,
        });
      }
    }
    left = { anchor, total };
  }

  // Other figures for the end of the opening's or the closing's day.
  for (const anchor of anchors) {
    if (anchor.date === opening.date) addSameDay(opening, anchor);
    else if (anchor.date === closing.date) addSameDay(closing, anchor);
  }
  for (const disagreement of input.disagreements ?? []) {
    if (disagreement.currency !== currency) continue;
    if (disagreement.date < opening.date || disagreement.date > closing.date) continue;
    addSameDay(disagreement.chosen, disagreement.other);
  }

  windows.sort((a, b) =>
    a.to !== b.to ? (a.to < b.to ? -1 : 1) : a.kind !== b.kind ? (a.kind === "segment" ? -1 : 1) : 0,
  );

  const booked = bookedBetween(atOpening, left.total);
  const expected = decimalAdd(opening.amount, booked.total);
  return {
    holds: windows.length === 0,
    expected,
    actual: closing.amount,
    difference: decimalSubtract(closing.amount, expected),
    bookedTotal: booked.total,
    bookedCount: booked.count,
    windows,
  };
}

const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for a month written YYYY-MM, 0001-01 to 9999-12; nothing else ("2026-1", "2026-13", " 2026-01"). */
export function isYearMonth(value: string): boolean {
  const m = YEAR_MONTH.exec(value);
  return m !== null && Number(m[1]) >= 1;
}

export const yearMonth = z.string().refine(isYearMonth, { message: "Use a month written YYYY-MM", abort: true });

function daysInMonth(year: number, month: number): number {
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/**
 * The two balance points a month closes on: the end of the month before (its opening) and the
 * end of its last day. "2026-10" → { openingDate: "2026-09-30", closingDate: "2026-10-31" }.
 */
export function monthBounds(month: string): { openingDate: string; closingDate: string } {
  if (!isYearMonth(month)) throw new RangeError(`not a month written YYYY-MM: ${JSON.stringify(month)}`);
  const [year, number] = month.split("-").map(Number);
  const [openYear, openMonth] = number === 1 ? [year - 1, 12] : [year, number - 1];
  return {
    openingDate: `${pad(openYear, 4)}-${pad(openMonth, 2)}-${pad(daysInMonth(openYear, openMonth), 2)}`,
    closingDate: `${month}-${pad(daysInMonth(year, number), 2)}`,
  };
}
