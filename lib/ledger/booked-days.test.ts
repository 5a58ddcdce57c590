// The booked days as the ledger reads them: one currency, in date order, and running totals read
// forwards only.
import { describe, expect, it } from "vitest";
import { type BookedDay, bookedBetween, bookedDaysIn, runningTotals } from "./booked-days";

const day = (date: string, total: string, count = 1, currency = "EUR"): BookedDay => ({ date, currency, total, count });

describe("booked days", () => {
  it("keeps one currency, sorted, with repeated dates adding up", () => {
    const days = bookedDaysIn(
      [
        day("2026-10-03", "1"),
        day("2026-10-01", "2", 1, "USD"),
        day("2026-10-01", "0.5"),
        day("2026-10-03", "-4.25", 2),
      ],
      "EUR",
    );
    expect(days.map((d) => d.date)).toEqual(["2026-10-01", "2026-10-03", "2026-10-03"]);
    const totals = runningTotals(days);
    expect(totals.through("2026-09-30")).toEqual({ total: "0", count: 0 });
    const first = totals.through("2026-10-01");
    expect(first).toEqual({ total: "0.5", count: 1 });
    const third = totals.through("2026-10-03");
    expect(third).toEqual({ total: "-2.75", count: 4 });
    expect(bookedBetween(first, third)).toEqual({ total: "-3.25", count: 3 });
  });

  it("refuses to be read backwards", () => {
    const totals = runningTotals([day("2026-10-01", "1")]);
    totals.through("2026-10-02");
    expect(() => totals.through("2026-10-01")).toThrow(/backwards/);
  });
});
