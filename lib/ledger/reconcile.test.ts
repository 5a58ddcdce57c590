// Reconciliation between two balance points: exact at any scale, windows narrowed by the anchors
// in between, same-day disagreements as zero-length windows, one currency at a time; and the
// bounds and spelling of a month to close.
import { describe, expect, it } from "vitest";
import type { AnchorDisagreement } from "./points";
import { isYearMonth, monthBounds, reconcile, yearMonth } from "./reconcile";
import { anchor, day } from "@/testing/support/ledger";

const spans = (windows: { kind: string; from: string; to: string; difference: string }[]) =>
  windows.map((w) => [w.kind, w.from, w.to, w.difference]);

// October 2026: 1,000.00 at the end of September, four booking days.
const OCTOBER = [
  day("2026-10-01", "-250.5", 2),
  day("2026-10-10", "1200"),
  day("2026-10-20", "-0.25", 3),
  day("2026-10-31", "50.00"),
];
const SEPT_30 = anchor("2026-09-30", "1000.00");
const OCT_31 = anchor("2026-10-31", "1999.25", { source: "file" });

describe("reconcile", () => {
  it("holds exactly, whatever the scale of each figure", () => {
    const result = reconcile({ opening: SEPT_30, closing: OCT_31, anchors: [], days: OCTOBER });
    expect(result).toEqual({
      holds: true,
      expected: "1999.25",
      actual: "1999.25",
      difference: "0.00",
      bookedTotal: "999.25",
      bookedCount: 7,
      windows: [],
    });
    const scaled = reconcile({
      opening: anchor("2026-09-30", "1000"),
      closing: anchor("2026-10-31", "1999.2500"),
      anchors: [],
      days: OCTOBER,
    });
    expect(scaled.holds).toBe(true);
  });

  it("counts only the days after the opening's day up to the closing's day", () => {
    const days = [day("2026-09-30", "999"), ...OCTOBER, day("2026-11-01", "999")];
    expect(reconcile({ opening: SEPT_30, closing: OCT_31, anchors: [], days })).toMatchObject({
      holds: true,
      bookedCount: 7,
    });
  });

  it("reports the difference as what the stored bookings lack, over the whole span without anchors between", () => {
    // The -0.25 of 20 October is missing from the store.
    const days = OCTOBER.filter((d) => d.date !== "2026-10-20");
    const result = reconcile({ opening: SEPT_30, closing: OCT_31, anchors: [], days });
    expect(result).toMatchObject({
      holds: false,
      expected: "1999.50",
      actual: "1999.25",
      difference: "-0.25",
      bookedCount: 4,
    });
    expect(spans(result.windows)).toEqual([["segment", "2026-10-01", "2026-10-31", "-0.25"]]);
    expect(result.windows[0]).toMatchObject({
      opening: SEPT_30,
      closing: OCT_31,
      bookedTotal: "999.50",
      bookedCount: 4,
    });
  });

  it("narrows to the failing segments between anchors; a one-day window names that day", () => {
    const days = OCTOBER.filter((d) => d.date !== "2026-10-20");
    const anchors = [anchor("2026-10-09", "749.50"), anchor("2026-10-19", "1949.5"), anchor("2026-10-20", "1949.25")];
    const result = reconcile({ opening: SEPT_30, closing: OCT_31, anchors, days });
    expect(spans(result.windows)).toEqual([["segment", "2026-10-20", "2026-10-20", "-0.25"]]);
    expect(result.difference).toBe("-0.25");
  });

  it("does not hold when two windows cancel in the total, and negative balances reconcile too", () => {
    const days = [day("2026-10-02", "-10"), day("2026-10-04", "-10")];
    const anchors = [anchor("2026-10-02", "-15.00")];
    // True: -5 → -15 → -25. Stored: the first day's -10 is booked twice (-20), the second not at all.
    const stored = [day("2026-10-02", "-20", 2)];
    const truth = reconcile({
      opening: anchor("2026-10-01", "-5"),
      closing: anchor("2026-10-04", "-25"),
      anchors,
      days,
    });
    expect(truth.holds).toBe(true);
    const result = reconcile({
      opening: anchor("2026-10-01", "-5"),
      closing: anchor("2026-10-04", "-25"),
      anchors,
      days: stored,
    });
    expect(result.difference).toBe("0");
    expect(result.holds).toBe(false);
    expect(spans(result.windows)).toEqual([
      ["segment", "2026-10-02", "2026-10-02", "10.00"],
      ["segment", "2026-10-03", "2026-10-04", "-10.00"],
    ]);
  });

  it("never adds another currency's bookings, and refuses two currencies", () => {
    const days = [...OCTOBER, day("2026-10-05", "5", 1, "USD")];
    const usdAnchor = anchor("2026-10-15", "1", { currency: "USD" });
    expect(reconcile({ opening: SEPT_30, closing: OCT_31, anchors: [usdAnchor], days })).toMatchObject({
      holds: true,
      bookedCount: 7,
    });
    expect(() => reconcile({ opening: SEPT_30, closing: { ...OCT_31, currency: "USD" }, anchors: [], days })).toThrow(
      /one currency/,
    );
  });

  it("turns a day's disagreeing final figures into a zero-length window, and ignores those outside", () => {
    const chosen = anchor("2026-10-09", "749.50", { balanceId: "b1" });
    const other = anchor("2026-10-09", "700", { source: "file", balanceType: "openingBooked", balanceId: "f1" });
    const disagreement = (date: string, currency = "EUR"): AnchorDisagreement => ({
      date,
      currency,
      // Each its own pair of figures, so none is dropped as a repeat of another.
      chosen: { ...chosen, date, currency, balanceId: `${chosen.balanceId}-${date}-${currency}` },
      other: { ...other, date, currency, balanceId: `${other.balanceId}-${date}-${currency}` },
      difference: "-49.50",
    });
    const result = reconcile({
      opening: SEPT_30,
      closing: OCT_31,
      anchors: [chosen],
      days: OCTOBER,
      disagreements: [disagreement("2026-10-09"), disagreement("2026-11-01"), disagreement("2026-10-09", "USD")],
    });
    expect(result.holds).toBe(false);
    expect(result.difference).toBe("0.00");
    expect(spans(result.windows)).toEqual([["same_day", "2026-10-09", "2026-10-09", "-49.50"]]);
    expect(result.windows[0]).toMatchObject({
      opening: { balanceId: "b1-2026-10-09-EUR", amount: "749.50" },
      closing: { balanceId: "f1-2026-10-09-EUR", amount: "700", source: "file" },
      bookedTotal: "0",
      bookedCount: 0,
    });
  });

  it("compares a person's opening with the bank's figure of that day, once", () => {
    const typed = anchor("2026-09-30", "1000.10", { source: "person" });
    const bank = { ...SEPT_30, balanceId: "b0" };
    const result = reconcile({ opening: typed, closing: OCT_31, anchors: [bank], days: OCTOBER });
    // In date order: the finding at the end of 30 September, then October's segment.
    expect(spans(result.windows)).toEqual([
      ["same_day", "2026-09-30", "2026-09-30", "-0.10"],
      ["segment", "2026-10-01", "2026-10-31", "-0.10"],
    ]);
    // The same pair, also reported by chooseAnchors the other way round, is listed once.
    const again = reconcile({
      opening: typed,
      closing: OCT_31,
      anchors: [bank],
      days: OCTOBER,
      disagreements: [{ date: "2026-09-30", currency: "EUR", chosen: bank, other: typed, difference: "0.10" }],
    });
    expect(again.windows).toHaveLength(2);
  });

  it("a closing figure that agrees with the bank's same-day figure at another scale is no finding", () => {
    const result = reconcile({
      opening: SEPT_30,
      closing: OCT_31,
      anchors: [anchor("2026-10-31", "1999.250")],
      days: OCTOBER,
    });
    expect(result.holds).toBe(true);
  });

  it("an opening and a closing on one day: nothing booked between, a same-day window when they differ", () => {
    expect(
      reconcile({ opening: SEPT_30, closing: anchor("2026-09-30", "1000"), anchors: [], days: OCTOBER }),
    ).toMatchObject({
      holds: true,
      bookedTotal: "0",
      bookedCount: 0,
    });
    const result = reconcile({ opening: SEPT_30, closing: anchor("2026-09-30", "999"), anchors: [], days: OCTOBER });
    expect(spans(result.windows)).toEqual([["same_day", "2026-09-30", "2026-09-30", "-1.00"]]);
    expect(result.difference).toBe("-1.00");
  });

  it("refuses a closing before the opening and dates that are not days", () => {
    expect(() => reconcile({ opening: OCT_31, closing: SEPT_30, anchors: [], days: [] })).toThrow(RangeError);
    expect(() => reconcile({ opening: anchor("2026-09-31", "1"), closing: OCT_31, anchors: [], days: [] })).toThrow(
      RangeError,
    );
  });
});

describe("months", () => {
  it("closes a month on the end of the month before and its own last day, leap years included", () => {
    expect(monthBounds("2026-10")).toEqual({ openingDate: "2026-09-30", closingDate: "2026-10-31" });
    expect(monthBounds("2026-01")).toEqual({ openingDate: "2025-12-31", closingDate: "2026-01-31" });
    expect(monthBounds("2026-12")).toEqual({ openingDate: "2026-11-30", closingDate: "2026-12-31" });
    expect(monthBounds("2026-02")).toEqual({ openingDate: "2026-01-31", closingDate: "2026-02-28" });
    expect(monthBounds("2024-02")).toEqual({ openingDate: "2024-01-31", closingDate: "2024-02-29" });
    expect(monthBounds("2024-03")).toEqual({ openingDate: "2024-02-29", closingDate: "2024-03-31" });
    expect(monthBounds("2023-03").openingDate).toBe("2023-02-28");
    expect(monthBounds("2000-03").openingDate).toBe("2000-02-29");
    expect(monthBounds("2100-03").openingDate).toBe("2100-02-28");
    expect(monthBounds("0001-01")).toEqual({ openingDate: "0000-12-31", closingDate: "0001-01-31" });
  });

  it("takes only YYYY-MM", () => {
    for (const good of ["2026-10", "2026-01", "2026-12", "9999-12"]) expect(isYearMonth(good), good).toBe(true);
    for (const bad of [
      "2026-1",
      "2026-13",
      "2026-00",
      "26-10",
      "2026-10-01",
      " 2026-10",
      "2026-10\n",
      "2026/10",
      "0000-05",
      "２０２６-10",
    ]) {
      expect(isYearMonth(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(() => monthBounds("2026-13")).toThrow(RangeError);
    expect(yearMonth.safeParse("2026-10").success).toBe(true);
    expect(yearMonth.safeParse("2026-1").success).toBe(false);
  });
});
