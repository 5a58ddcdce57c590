// The periods the category views ask for: whole months, month ends and year turns included.
import { describe, expect, it } from "vitest";
import { currenciesOf, lastMonths, monthRange, type CategoryTotals } from "@/lib/client/category-totals";
import { monthsBetween } from "@/lib/accounttracking/transactions/category-totals";

describe("category periods", () => {
  it("the last N months start on the 1st of the month N-1 before this one and end today", () => {
    expect(lastMonths(6, "2026-11-29")).toEqual({ from: "2026-06-01", to: "2026-11-29" });
    expect(lastMonths(3, "2026-02-10")).toEqual({ from: "2025-12-01", to: "2026-02-10" });
    expect(lastMonths(12, "2026-01-31")).toEqual({ from: "2025-02-01", to: "2026-01-31" });
  });

  it("a month's range ends on its last day, leap years included", () => {
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("every month between two days is a column, across a year's turn", () => {
    expect(monthsBetween("2025-11-30", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03-05", "2026-03-06")).toEqual(["2026-03"]);
  });

  it("currencies come with the busiest first", () => {
    const totals = (rows: [string, number][]) =>
      ({ totals: rows.map(([currency, count]) => ({ currency, count })) }) as unknown as CategoryTotals;
    expect(
      currenciesOf(
        totals([
          ["EUR", 2],
          ["USD", 9],
          ["GBP", 5],
        ]),
      ),
    ).toEqual(["USD", "GBP", "EUR"]);
  });
});
