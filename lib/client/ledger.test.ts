// The balance chart's spans: the last n days up to today, today included, across month and leap days.
import { describe, expect, it } from "vitest";
import { spanDates } from "@/lib/client/ledger";

describe("spanDates", () => {
  it("covers exactly n days ending today", () => {
    expect(spanDates("30d", "2026-11-29")).toEqual({ from: "2026-10-31", to: "2026-11-29" });
    expect(spanDates("90d", "2024-03-01")).toEqual({ from: "2023-12-03", to: "2024-03-01" });
    expect(spanDates("1y", "2024-12-31")).toEqual({ from: "2024-01-02", to: "2024-12-31" });
  });
});
