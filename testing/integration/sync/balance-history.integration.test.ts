// The balance history against the sandbox bank over HTTP: every balance a sync reads is kept per
// read (each type the bank sends, at its reference date), the account shows the most booked one,
// and two syncs days apart leave two closing balances that the synced rows between them explain
// exactly.
import { describe, expect, it } from "vitest";
import { recordBankBalances } from "@/lib/accounttracking/accounts/balance-history";
import { pool, prisma } from "@/lib/db/client";
import { compareDecimals, sumDecimals } from "@/lib/money/decimal";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

type Row = { run_id: string; balance_type: string; amount: string; currency: string; reference_date: string };
const history = async (accountId: string) =>
  (
    await pool().query<Row>(
      `SELECT run_id, balance_type, amount::text, currency, reference_date FROM account_balances
        WHERE account_id = $1 AND source = 'bank' ORDER BY reference_date, balance_type`,
      [accountId],
    )
  ).rows;

describe("balance history", () => {
  it("keeps every balance of every read, shows the booked one, and two reads reconcile with the rows between", async () => {
    await resetBankClock();
    const c = await connectedConsent("alice");
    const { account, run: first } = await syncedAccount(c);
    const firstRead = await history(account.id);
    // The sandbox sends the closing booked balance of the last closed day and today's interim booked
    // and available ones: all kept, under the run that read them.
    expect(firstRead.map((b) => [b.run_id, b.balance_type])).toEqual([
      [first.id, "closingBooked"],
      [first.id, "interimAvailable"],
      [first.id, "interimBooked"],
    ]);
    const closing1 = firstRead[0];
    const interim1 = firstRead[2];
    expect(closing1.reference_date < interim1.reference_date).toBe(true);
    const shown = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    // The account shows the newest booked balance: today's interim one.
    expect(compareDecimals(shown.balanceAmount?.toString() ?? "", interim1.amount)).toBe(0);
    expect(shown.balanceDate).toBe(interim1.reference_date);

    await advanceBankClock(5);
    const second = await syncOnce(account.id, c.person.scopeId);
    expect(second.state).toBe("succeeded");
    const both = await history(account.id);
    expect(both).toHaveLength(6);
    const closing2 = both.find((b) => b.run_id === second.id && b.balance_type === "closingBooked");
    if (!closing2) throw new Error("the second read has no closing booked balance");
    expect(closing2.reference_date > closing1.reference_date).toBe(true);

    // Opening + what was booked after the first read's day up to the second's = the second closing.
    const { rows: booked } = await pool().query<{ amount: string }>(
      `SELECT amount::text FROM transactions WHERE account_id = $1 AND status = 'booked' AND removed_at IS NULL
          AND booking_date > $2 AND booking_date <= $3`,
      [account.id, closing1.reference_date, closing2.reference_date],
    );
    expect(booked.length).toBeGreaterThan(0);

    expect(compareDecimals(sumDecimals([closing1.amount, ...booked.map((b) => b.amount)]), closing2.amount)).toBe(0);

    // A retried write of the same read adds nothing.
    await recordBankBalances(
      { scopeId: c.person.scopeId, accountId: account.id, runId: second.id },
      both
        .filter((b) => b.run_id === second.id)
        .map((b) => ({ ...b, type: b.balance_type, referenceDate: b.reference_date })),
      "2000-01-01",
    );
    expect(await history(account.id)).toHaveLength(6);
    await resetBankClock();
  });

  it("a balance in another currency is kept in the history but never shown under the account's currency", async () => {
    const c = await connectedConsent("alice");
    const { account, run } = await syncedAccount(c);
    const before = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    await recordBankBalances(
      { scopeId: c.person.scopeId, accountId: account.id, runId: run.id },
      [
        {
          amount: "999.99",
          currency: account.currency === "USD" ? "EUR" : "USD",
          type: "closingBooked",
          referenceDate: null,
        },
      ],
      "2026-01-31",
    );
    const after = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(after.balanceAmount?.toString()).toBe(before.balanceAmount?.toString());
    expect((await history(account.id)).some((b) => b.amount === "999.99" && b.reference_date === "2026-01-31")).toBe(
      true,
    );
  });
});
