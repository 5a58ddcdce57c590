import { describe, expect, it } from "vitest";
import { windowRead } from "@/components/accounts/read-window";

const progress = (dateFrom: string | null, readFrom: string | null, readTo: string | null) => ({
  pages: 3,
  added: 300,
  updated: 0,
  removed: 0,
  reissued: 0,
  dateFrom,
  readFrom,
  readTo,
});

describe("how much of its window a running sync has read", () => {
  it("measures the span of dates read against dateFrom..today, newest-first paging", () => {
    // 90 days asked (30 Aug .. 27 Nov), read back to 28 Oct: 31 of them.
    const read = windowRead(progress("2026-08-30", "2026-10-28", "2026-11-27"), "2026-11-27");
    expect(read).toEqual({
      percent: 34,
      days: 90,
      sentence: "Read back to 28 Oct 2026 of the 90 days asked (about 34%)",
    });
  });

  it("measures the same way when the bank pages oldest first", () => {
    const read = windowRead(progress("2026-08-30", "2026-08-30", "2026-09-29"), "2026-11-27");
    expect(read?.percent).toBe(34);
    expect(read?.sentence).toMatch(/^Read from 30 Aug 2026 of the 90 days asked/);
  });

  it("never says 100% while running, and stretches to a bank clock ahead of the viewer's", () => {
    expect(windowRead(progress("2026-08-30", "2026-08-30", "2026-11-27"), "2026-11-27")?.percent).toBe(99);
    // The bank's calendar is 10 days ahead: its window ends at the newest date it gave.
    expect(windowRead(progress("2026-09-09", "2026-11-07", "2026-12-07"), "2026-11-27")).toMatchObject({
      days: 90,
      percent: 34,
    });
  });

  it("says nothing before a dated row is read", () => {
    expect(windowRead(progress("2026-08-30", null, null), "2026-11-27")).toBeNull();
    expect(windowRead(progress(null, null, null), "2026-11-27")).toBeNull();
  });
});
