// The property issue 37 asks for: random booked transactions (exact cents, as strings) and the true
// end-of-day balances they make; random days carry the TRUE balance as anchors; then the stored
// transactions are tampered with on a random set of segments (one drop, one changed amount or one
// added entry per chosen segment, each with a nonzero net effect, so two can never cancel).
// Reconciliation must name exactly the tampered segments — no more, no fewer — each with the exact
// difference, and hold when nothing was tampered with. And with nothing tampered, every point of
// the daily series (derived forwards, backwards, or an anchor) is the true balance.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/days";
import { compareDecimals, sumDecimals } from "@/lib/money/decimal";
import type { BookedDay } from "./booked-days";
import type { Anchor } from "./points";
import { reconcile } from "./reconcile";
import { dailySeries } from "./series";

const CURRENCY = "EUR";

/** Cents as a decimal string: at 2 places, or at `scale` ≥ 2 places ("-1.50" or "-1.500"). */
function centsText(cents: bigint, scale = 2): string {
  const units = cents * 10n ** BigInt(scale - 2);
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  return `${units < 0n ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const cents = fc.bigInt({ min: -500_000n, max: 500_000n });
const nonzeroCents = cents.filter((c) => c !== 0n);

/** A ledger: a first day, the opening balance before it, and each day's booked amounts in cents. */
const ledger = fc.record({
  firstDay: fc.integer({ min: 0, max: 20_000 }).map((n) => addDays("1990-01-01", n)),
  startBalance: fc.bigInt({ min: -10_000_000n, max: 10_000_000n }),
  daily: fc.array(fc.array(cents, { maxLength: 4 }), { minLength: 2, maxLength: 45 }),
  // Entries in another currency on the same days: never to be added in.
  noise: fc.array(fc.tuple(fc.nat(), nonzeroCents), { maxLength: 6 }),
});
type Ledger = typeof ledger extends fc.Arbitrary<infer T> ? T : never;

/** The true balance at the end of each day. */
function trueBalances(l: Ledger): bigint[] {
  let balance = l.startBalance;
  return l.daily.map((amounts) => (balance += amounts.reduce((a, b) => a + b, 0n)));
}

function bookedDays(l: Ledger, daily: readonly (readonly bigint[])[]): BookedDay[] {
  const days: BookedDay[] = [];
  daily.forEach((amounts, i) => {
    if (amounts.length === 0) return; // the reads give no row for a day without bookings
    const date = addDays(l.firstDay, i);
    days.push({
      date,
      currency: CURRENCY,
      total: sumDecimals(amounts.map((c) => centsText(c))),
      count: amounts.length,
    });
  });
  for (const [index, amount] of l.noise) {
    days.push({ date: addDays(l.firstDay, index % daily.length), currency: "USD", total: centsText(amount), count: 1 });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function anchorAt(l: Ledger, balances: bigint[], index: number, scale: number): Anchor {
  return {
    date: addDays(l.firstDay, index),
    amount: centsText(balances[index], scale),
    currency: CURRENCY,
    source: index % 2 ? "bank" : "file",
    balanceType: "closingBooked",
  };
}

/** A tamper of one segment: where, what, and its net effect on the stored booked total (cents). */
type Tamper = { kind: "drop" | "change" | "add"; pick: number; delta: bigint; amount: bigint };
const tamper = fc.record({
  kind: fc.constantFrom("drop" as const, "change" as const, "add" as const),
  pick: fc.nat(),
  delta: nonzeroCents,
  amount: nonzeroCents,
});

/** Applies one tamper inside days (left, right] of `daily`; returns its net effect in cents. */
function applyTamper(daily: bigint[][], left: number, right: number, t: Tamper): bigint {
  const span = right - left;
  const droppable = daily
    .slice(left + 1, right + 1)
    .flatMap((amounts, d) => amounts.map((amount, k) => ({ day: left + 1 + d, k, amount })))
    .filter((entry) => entry.amount !== 0n);
  if (t.kind === "drop" && droppable.length > 0) {
    const { day, k, amount } = droppable[t.pick % droppable.length];
    daily[day].splice(k, 1);
    return -amount;
  }
  const entries = daily
    .slice(left + 1, right + 1)
    .flatMap((amounts, d) => amounts.map((_, k) => ({ day: left + 1 + d, k })));
  if (t.kind === "change" && entries.length > 0) {
    const { day, k } = entries[t.pick % entries.length];
    daily[day][k] += t.delta;
    return t.delta;
  }
  // "add", or nothing there to drop or change.
  daily[left + 1 + (t.pick % span)].push(t.amount);
  return t.amount;
}

describe("reconciliation (properties)", () => {
  it("names exactly the tampered segments, each with its exact difference, and holds untampered", () => {
    fc.assert(
      fc.property(
        ledger,
        fc.array(fc.nat(), { minLength: 2, maxLength: 12 }),
        fc.array(fc.option(tamper, { freq: 2 }), { maxLength: 12 }),
        fc.array(fc.constantFrom(2, 3), { minLength: 12, maxLength: 12 }),
        (l, picks, tampers, scales) => {
          const balances = trueBalances(l);
          const indices = [...new Set(picks.map((p) => p % l.daily.length))].sort((a, b) => a - b);
          fc.pre(indices.length >= 2);
          const chain = indices.map((index, j) => anchorAt(l, balances, index, scales[j]));

          // Tamper with a random set of segments (j: the segment from indices[j] to indices[j + 1]).
          const stored = l.daily.map((amounts) => [...amounts]);
          const expected = new Map<number, bigint>();
          for (let j = 0; j + 1 < indices.length; j += 1) {
            const t = tampers[j];
            if (t) expected.set(j, -applyTamper(stored, indices[j], indices[j + 1], t));
          }

          const result = reconcile({
            opening: chain[0],
            closing: chain[chain.length - 1],
            anchors: chain.slice(1, -1),
            days: bookedDays(l, stored),
          });

          expect(result.windows.map((w) => [w.kind, w.from, w.to])).toEqual(
            [...expected.keys()].map((j) => [
              "segment",
              addDays(l.firstDay, indices[j] + 1),
              addDays(l.firstDay, indices[j + 1]),
            ]),
          );
          for (const [w, difference] of result.windows.map((w, i) => [w, [...expected.values()][i]] as const)) {
            expect(compareDecimals(w.difference, centsText(difference)), `${w.difference} vs ${difference}`).toBe(0);
          }
          const overall = [...expected.values()].reduce((a, b) => a + b, 0n);
          expect(compareDecimals(result.difference, centsText(overall))).toBe(0);
          expect(result.holds).toBe(expected.size === 0);
          expect(result.bookedCount).toBe(
            stored.slice(indices[0] + 1, indices[indices.length - 1] + 1).reduce((n, a) => n + a.length, 0),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("with nothing tampered, every point of the daily series is the true balance", () => {
    fc.assert(
      fc.property(ledger, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (l, picks) => {
        const balances = trueBalances(l);
        const indices = [...new Set(picks.map((p) => p % l.daily.length))];
        const anchors = indices.map((index) => anchorAt(l, balances, index, 2 + (index % 2)));
        const series = dailySeries({
          anchors,
          days: bookedDays(l, l.daily),
          currency: CURRENCY,
          from: l.firstDay,
          to: addDays(l.firstDay, l.daily.length - 1),
        });

        expect(series.reason).toBeNull();
        expect(series.points).toHaveLength(l.daily.length);
        series.points.forEach((point, i) => {
          expect(point.date).toBe(addDays(l.firstDay, i));
          expect(compareDecimals(point.amount, centsText(balances[i])), `${point.date}: ${point.amount}`).toBe(0);
          expect(point.kind === "derived").toBe(!indices.includes(i));
        });
      }),
      { numRuns: 300 },
    );
  });
});
