// The dashboard's total is one line per currency, summed exactly; currencies are never added.
import { describe, expect, it } from "vitest";
import { balanceTotals, splitForTotals } from "@/components/dashboard/totals";

const account = (amount: string | null, currency: string) => ({
  currency,
  balance: amount === null ? null : { amount, currency, date: "2026-11-27" },
});

describe("balanceTotals", () => {
  it("sums each currency apart, exactly, and counts accounts without a balance", () => {
    const totals = balanceTotals([
      account("4537.44", "EUR"),
      account("13406.85", "EUR"),
      account("0.10", "USD"),
      account("0.20", "USD"),
      account(null, "EUR"),
    ]);
    expect(totals).toEqual([
      { currency: "EUR", total: "17944.29", accounts: 2, unknown: 1 },
      { currency: "USD", total: "0.30", accounts: 2, unknown: 0 },
    ]);
  });
});

describe("splitForTotals", () => {
  const now = Date.parse("2026-11-28T12:00:00Z");
  const make = (id: string, over: Partial<Parameters<typeof splitForTotals>[0][number]> = {}) => ({
    id,
    ...account("10.00", "EUR"),
    hidden: false,
    trackingState: "tracking" as const,
    access: { status: "valid" as const, expiresAt: "2027-01-01T00:00:00Z" as string | null },
    ...over,
  });

  it("adds only accounts still synced; stopped, archived and ended ones are apart, hidden ones only counted", () => {
    const { counted, ended, hidden } = splitForTotals(
      [
        make("synced"),
        make("stopped", { trackingState: "stopped" }),
        make("archived", { trackingState: "archived" }),
        make("revoked", { access: { status: "revoked", expiresAt: null } }),
        make("ran-out", { access: { status: "valid", expiresAt: "2026-11-01T00:00:00Z" } }),
        make("hidden", { hidden: true }),
      ],
      now,
    );
    expect(counted.map((a) => a.id)).toEqual(["synced"]);
    expect(ended.map((a) => a.id)).toEqual(["stopped", "archived", "revoked", "ran-out"]);
    expect(hidden).toBe(1);
    expect(balanceTotals(counted)).toEqual([{ currency: "EUR", total: "10.00", accounts: 1, unknown: 0 }]);
  });
});
