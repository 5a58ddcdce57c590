// The running balance is anchored on the bank's own balance and walks back through the booked rows,
// newest first, in exact decimals; pending rows and rows in another currency get none and move
// nothing. The check says how the bank's balance is made up, and when it cannot be trusted.
import { describe, expect, it } from "vitest";
import { balanceCheck, runningBalances } from "@/components/accounts/running-balance";

const row = (
  id: string,
  amount: string,
  sortDate: string,
  status: "booked" | "pending" = "booked",
  currency = "EUR",
) => ({
  id,
  amount,
  currency,
  status,
  bookingDate: status === "booked" ? sortDate : null,
  valueDate: sortDate,
});

describe("runningBalances", () => {
  it("walks back from the bank's balance through booked rows, newest first", () => {
    const rows = [
      row("p", "-5.00", "2026-11-27", "pending"),
      row("a", "-20.10", "2026-11-26"),
      row("b", "100", "2026-11-20"),
      row("usd", "-3.00", "2026-11-19", "booked", "USD"),
      row("c", "-0.90", "2026-11-18"),
    ];
    const balances = runningBalances(rows, { amount: "1000.00", date: "2026-11-27" }, "EUR");
    expect(Object.fromEntries(balances)).toEqual({ p: null, a: "1000.00", b: "1020.10", usd: null, c: "920.10" });
  });

  it("counts booked rows after the balance's date on top of it", () => {
    const rows = [row("late", "50.00", "2026-11-28"), row("a", "-20.00", "2026-11-26")];
    const balances = runningBalances(rows, { amount: "1000.00", date: "2026-11-27" }, "EUR");
    expect(balances.get("late")).toBe("1050.00");
    expect(balances.get("a")).toBe("1000.00");
  });
});

describe("balanceCheck", () => {
  const stats = {
    currency: "EUR",
    balance: { amount: "4537.44", date: "2026-11-27", source: "bank" as const },
    bookedSum: "2137.44",
    counts: { booked: 600, pending: 3 },
    firstDate: "2025-05-31",
    lastDate: "2026-11-27",
  };

  it("splits the bank's balance into the synced bookings and the balance before the first one", () => {
    expect(balanceCheck(stats)).toMatchObject({ kind: "ok", opening: "2400.00" });
  });

  it("says what to do when the bank's balance is older than the bookings after it", () => {
    const check = balanceCheck({ ...stats, balance: { ...stats.balance, date: "2026-11-01" }, lastDate: "2026-11-27" });
    expect(check.kind).toBe("stale");
    expect(check.text).toMatch(/Sync now/);
  });

  it("cannot check a balance against bookings in several currencies, and says so", () => {
    expect(balanceCheck({ ...stats, bookedSum: null }).kind).toBe("mixed");
    expect(balanceCheck({ ...stats, balance: null }).kind).toBe("unknown");
  });
});
