// Date presets are calendar days (bank dates), computed from today's date without time zones.
import { describe, expect, it } from "vitest";
import { presetRange, PRESETS } from "@/components/accounts/date-presets";

describe("presetRange", () => {
  it("this month, last month, year to date and the last 90 days, inclusive", () => {
    const today = "2026-03-15";
    expect(presetRange("thisMonth", today)).toEqual({ fromDate: "2026-03-01", toDate: "2026-03-15" });
    expect(presetRange("lastMonth", today)).toEqual({ fromDate: "2026-02-01", toDate: "2026-02-28" });
    expect(presetRange("yearToDate", today)).toEqual({ fromDate: "2026-01-01", toDate: "2026-03-15" });
    expect(presetRange("last90Days", today)).toEqual({ fromDate: "2025-12-16", toDate: "2026-03-15" });
  });

  it("last month across a year and a leap February", () => {
    expect(presetRange("lastMonth", "2026-01-10")).toEqual({ fromDate: "2025-12-01", toDate: "2025-12-31" });
    expect(presetRange("lastMonth", "2024-03-31")).toEqual({ fromDate: "2024-02-01", toDate: "2024-02-29" });
  });

  it("has a label for each preset", () => {
    expect(PRESETS.map((p) => p.label)).toEqual(["This month", "Last month", "Year to date", "Last 90 days"]);
  });
});
