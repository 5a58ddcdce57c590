// The daily balance series of one account in one currency: one end-of-day point per day of
// [from, to], each saying where its figure comes from. Pure: no database, no I/O.
//
// Rules:
// - A day with an anchor (lib/ledger/points.ts) shows the anchor's figure as stored, with the
//   anchor's source as its kind (bank, file, or person) and its balanceType.
// - Any other day is derived from the nearest anchor BEFORE it: that anchor plus the booked totals
//   of the days after the anchor up to and including the day.
// - A day before the first anchor is derived backwards from the first anchor: the anchor minus the
//   booked totals of the days after the day up to and including the anchor's day.
// - No anchor in this currency at all: no series ({ points: [], reason: "no_balance" }); a figure
//   made up from zero would look like a balance and be wrong by the whole opening balance.
// - Amounts are exact decimal strings; a derived one is at the largest scale of the figures it
//   is made of ("100" + "1.50" → "101.50"). Other currencies' anchors and days are ignored, never
//   added in.
// - Cost: linear in booked days + anchors + days of the range (one pass over each; a booked total
//   is read as the difference of two running totals), so a ten-year daily series is cheap. The
//   range itself is not bounded here: the caller limits what a request may ask for.

import { isCalendarDate } from "@/lib/dates/iso-date";
import { addDays } from "@/lib/dates/days";
import { decimalAdd, decimalSubtract } from "@/lib/money/decimal";
import { type BookedDay, bookedDaysIn, runningTotals } from "./booked-days";
import { type Anchor, type AnchorSource, anchorsIn } from "./points";

export type SeriesPoint = {
  date: string;
  amount: string;
  kind: AnchorSource | "derived";
  /** The anchor's balanceType on an anchor's day; absent on a derived day. */
  balanceType?: string;
};

export type DailySeries = { points: SeriesPoint[]; reason: null } | { points: []; reason: "no_balance" };

function assertDay(name: string, value: string): void {
  if (!isCalendarDate(value)) throw new RangeError(`${name} is not a calendar day: ${JSON.stringify(value)}`);
}

export function dailySeries(input: {
  anchors: readonly Anchor[];
  days: readonly BookedDay[];
  currency: string;
  from: string;
  to: string;
}): DailySeries {
  const { currency, from, to } = input;
  assertDay("from", from);
  assertDay("to", to);
  if (from > to) throw new RangeError(`series from ${from} is after to ${to}`);

  const anchors = anchorsIn(input.anchors, currency);
  if (anchors.length === 0) return { points: [], reason: "no_balance" };
  const days = bookedDaysIn(input.days, currency);

  // Running booked total at each anchor's day, in one pass.
  const atAnchors = runningTotals(days);
  const anchorTotals = anchors.map((anchor) => atAnchors.through(anchor.date).total);

  const points: SeriesPoint[] = [];
  const atDays = runningTotals(days);
  let nearest = -1; // index of the last anchor on or before the day
  for (let date = from; date <= to; date = addDays(date, 1)) {
    while (nearest + 1 < anchors.length && anchors[nearest + 1].date <= date) nearest += 1;
    const booked = atDays.through(date).total;
    if (nearest >= 0 && anchors[nearest].date === date) {
      const anchor = anchors[nearest];
      points.push({ date, amount: anchor.amount, kind: anchor.source, balanceType: anchor.balanceType });
    } else if (nearest >= 0) {
      const since = decimalSubtract(booked, anchorTotals[nearest]);
      points.push({ date, amount: decimalAdd(anchors[nearest].amount, since), kind: "derived" });
    } else {
      const until = decimalSubtract(anchorTotals[0], booked);
      points.push({ date, amount: decimalSubtract(anchors[0].amount, until), kind: "derived" });
    }
  }
  return { points, reason: null };
}
