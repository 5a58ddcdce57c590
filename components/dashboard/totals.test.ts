// The dashboard's total is one line per currency, summed exactly; currencies are never added.
import { describe, expect, it } from "vitest";
import { balanceTotals } from "@/components/dashboard/totals";

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
