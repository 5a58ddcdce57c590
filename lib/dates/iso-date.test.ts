import { describe, expect, it } from "vitest";
import { isCalendarDate, isoDate } from "@/lib/dates/iso-date";

describe("isoDate", () => {
  it("accepts real days, leap days included, and refuses impossible or malformed ones", () => {
    for (const ok of ["2026-01-31", "2024-02-29", "2000-02-29", "2026-12-31"])
      expect([ok, isCalendarDate(ok)]).toEqual([ok, true]);
    for (const bad of [
      "2026-02-30",
      "2025-02-29",
      "1900-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-01",
      "26-01-01",
      "2026-01-01T00:00:00Z",
    ]) {
      expect([bad, isCalendarDate(bad)]).toEqual([bad, false]);
      expect(isoDate.safeParse(bad).success).toBe(false);
    }
  });

  it("says which rule failed", () => {
    expect(isoDate.safeParse("2026-02-30").error?.issues.map((i) => i.message)).toEqual([
      "Not a calendar date (check the month's last day and leap years)",
    ]);
    expect(isoDate.safeParse("30/01/2026").error?.issues[0].message).toBe("Use the format YYYY-MM-DD");
  });
});
