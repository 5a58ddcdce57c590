// Bank dates are days: the same day whatever the browser's time zone.
import { describe, expect, it } from "vitest";
import { formatMonth } from "@/components/ui/format";

describe("formatDate", () => {
  it("shows a bank date as the day it names, west and east of UTC", async () => {
    const before = process.env.TZ;
    try {
      for (const zone of ["America/Los_Angeles", "Pacific/Auckland", "UTC"]) {
        process.env.TZ = zone;
        // Formatters are made at import: import afresh under each zone.
        const { formatDate } = (await import(
          `@/components/ui/format?zone=${zone}`
        )) as typeof import("@/components/ui/format");
        expect(formatDate("2026-11-23")).toBe("23 Nov 2026");
        expect(formatDate("2024-02-29")).toBe("29 Feb 2024");
      }
    } finally {
      process.env.TZ = before;
    }
  });

  it("still formats instants, and says — for none", async () => {
    const { formatDate } = await import("@/components/ui/format");
    expect(formatDate("2026-11-23T10:00:00Z")).toMatch(/^2[34] Nov 2026$/);
    expect(formatDate(null)).toBe("—");
  });
});

describe("formatMonth", () => {
  it("names a month with its full year, never a day-like 'May 25'", () => {
    expect(formatMonth("2025-05")).toBe("May 2025");
    expect(formatMonth("2026-11", "2026-11-25")).toBe("Nov 2026 (so far)");
    expect(formatMonth("2026-10", "2026-11-25")).toBe("Oct 2026");
  });
});
