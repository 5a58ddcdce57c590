// The daily balance series: anchors shown as given, other days derived forwards from the anchor
// before them or backwards from the first anchor, exactly, one currency at a time, in linear time.
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/days";
import type { BookedDay } from "./booked-days";
import type { Anchor } from "./points";
import { dailySeries } from "./series";
import { anchor, day } from "@/testing/support/ledger";

const figures = (series: ReturnType<typeof dailySeries>) => series.points.map((p) => [p.date, p.amount, p.kind]);

describe("dailySeries", () => {
  it("says there is no balance rather than inventing one from zero", () => {
    const days = [day("2026-10-01", "5")];
    expect(dailySeries({ anchors: [], days, currency: "EUR", from: "2026-10-01", to: "2026-10-03" })).toEqual({
      points: [],
      reason: "no_balance",
    });
    const usdOnly = [anchor("2026-10-01", "9", { currency: "USD" })];
    expect(dailySeries({ anchors: usdOnly, days, currency: "EUR", from: "2026-10-01", to: "2026-10-03" }).reason).toBe(
      "no_balance",
    );
  });

  it("derives forwards from the anchor before, exactly, at the larger scale", () => {
    const series = dailySeries({
      anchors: [
        anchor("2026-10-01", "100"),
        anchor("2026-10-04", "-0.5", { source: "file", balanceType: "openingBooked" }),
      ],
      days: [
        day("2026-10-02", "1.50", 2),
        day("2026-10-03", "-0.10"),
        day("2026-10-04", "-999"),
        day("2026-10-05", "0.005"),
      ],
      currency: "EUR",
      from: "2026-10-01",
      to: "2026-10-06",
    });
    expect(figures(series)).toEqual([
      ["2026-10-01", "100", "bank"],
      ["2026-10-02", "101.50", "derived"],
      ["2026-10-03", "101.40", "derived"],
      // An anchor's day shows the anchor's figure, whatever the transactions say.
      ["2026-10-04", "-0.5", "file"],
      ["2026-10-05", "-0.495", "derived"],
      ["2026-10-06", "-0.495", "derived"],
    ]);
    expect(series.points[3].balanceType).toBe("openingBooked");
    expect(series.points[1].balanceType).toBeUndefined();
  });

  it("derives backwards before the first anchor, even when the anchor lies after the range", () => {
    const days = [day("2026-09-29", "10"), day("2026-09-30", "-2.25"), day("2026-10-02", "4")];
    const anchors = [anchor("2026-10-02", "50")];
    expect(figures(dailySeries({ anchors, days, currency: "EUR", from: "2026-09-28", to: "2026-10-02" }))).toEqual([
      ["2026-09-28", "38.25", "derived"],
      ["2026-09-29", "48.25", "derived"],
      ["2026-09-30", "46.00", "derived"],
      ["2026-10-01", "46.00", "derived"],
      ["2026-10-02", "50", "bank"],
    ]);
    expect(figures(dailySeries({ anchors, days, currency: "EUR", from: "2026-09-28", to: "2026-09-29" }))).toEqual([
      ["2026-09-28", "38.25", "derived"],
      ["2026-09-29", "48.25", "derived"],
    ]);
  });

  it("counts the days between an anchor long before the range and the range", () => {
    const series = dailySeries({
      anchors: [anchor("2025-12-31", "-10.00")],
      days: [day("2026-01-15", "3"), day("2026-06-30", "-1"), day("2026-07-01", "2")],
      currency: "EUR",
      from: "2026-07-01",
      to: "2026-07-01",
    });
    expect(figures(series)).toEqual([["2026-07-01", "-6.00", "derived"]]);
  });

  it("never adds another currency's bookings or anchors", () => {
    const series = dailySeries({
      anchors: [anchor("2026-10-01", "1"), anchor("2026-10-02", "500", { currency: "USD" })],
      days: [day("2026-10-02", "7", 1, "USD"), day("2026-10-02", "2"), day("2026-10-03", "1000", 1, "CHF")],
      currency: "EUR",
      from: "2026-10-01",
      to: "2026-10-03",
    });
    expect(figures(series)).toEqual([
      ["2026-10-01", "1", "bank"],
      ["2026-10-02", "3", "derived"],
      ["2026-10-03", "3", "derived"],
    ]);
  });

  it("walks month ends and leap days, and takes booked days in any order", () => {
    const series = dailySeries({
      anchors: [anchor("2024-02-27", "0", { source: "person" })],
      days: [day("2024-03-01", "1"), day("2024-02-29", "0.01"), day("2024-02-28", "-3")],
      currency: "EUR",
      from: "2024-02-27",
      to: "2024-03-01",
    });
    expect(figures(series)).toEqual([
      ["2024-02-27", "0", "person"],
      ["2024-02-28", "-3", "derived"],
      ["2024-02-29", "-2.99", "derived"],
      ["2024-03-01", "-1.99", "derived"],
    ]);
    const plainYear = dailySeries({
      anchors: [anchor("2023-02-28", "1")],
      days: [],
      currency: "EUR",
      from: "2023-02-28",
      to: "2023-03-01",
    });
    expect(plainYear.points.map((p) => p.date)).toEqual(["2023-02-28", "2023-03-01"]);
  });

  it("refuses a backwards range, a non-day, and two anchors for one day", () => {
    const base = { days: [], currency: "EUR" };
    expect(() => dailySeries({ ...base, anchors: [], from: "2026-10-02", to: "2026-10-01" })).toThrow(RangeError);
    expect(() => dailySeries({ ...base, anchors: [], from: "2026-02-29", to: "2026-03-01" })).toThrow(RangeError);
    const twice = [anchor("2026-10-01", "1"), anchor("2026-10-01", "2", { source: "file" })];
    expect(() => dailySeries({ ...base, anchors: twice, from: "2026-10-01", to: "2026-10-01" })).toThrow(/two anchors/);
  });

  it("stays linear: thirty years of daily points and bookings, exact at the end", () => {
    // A quadratic walk (re-summing from the anchor for each day) takes tens of seconds here; the
    // linear one well under a second even on the shared 2-core machine.
    const from = "1996-01-01";
    const count = 365 * 30;
    const days: BookedDay[] = [];
    const anchors: Anchor[] = [anchor(from, "0.00")];
    for (let i = 1; i < count; i += 1) {
      const date = addDays(from, i);
      days.push(day(date, i % 2 ? "12.34" : "-10.01"));
      if (i % 3650 === 0) anchors.push(anchor(date, "9999999.99", { source: "file" }));
    }
    const started = performance.now();
    const series = dailySeries({ anchors, days, currency: "EUR", from, to: addDays(from, count - 1) });
    const elapsed = performance.now() - started;
    expect(series.points).toHaveLength(count);
    // Last anchor at day 7300; 3649 days after it, alternating +12.34 (odd) and -10.01 (even).
    const odd = 1825;
    const even = 3649 - odd;
    const expectedCents = 999999999 + odd * 1234 - even * 1001;
    expect(series.points[count - 1].amount).toBe(
      `${Math.trunc(expectedCents / 100)}.${String(expectedCents % 100).padStart(2, "0")}`,
    );
    expect(elapsed).toBeLessThan(3000);
  });
});
