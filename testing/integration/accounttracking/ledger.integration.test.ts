// An account's ledger through its routes, on an account synced from the sandbox bank over HTTP:
// the daily series stands on the bank's balances, two syncs days apart reconcile exactly, a row
// lost between them is found in the window between the balances around it, and a month closed on
// its statement's figures is flagged when a transaction inside it changes afterwards.
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { addDays } from "@/lib/dates/days";
import { compareDecimals, decimalSubtract } from "@/lib/money/decimal";
import { advanceBankClock, connectedConsent, resetBankClock, syncedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";
import { monthBeforeBankBalances } from "@/testing/support/ledger";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";
import * as balancesRoute from "@/app/api/accounttracking/v1/accounts/[id]/balances/route";
import * as reconciliationRoute from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/route";
import * as monthsRoute from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/months/route";
import * as monthRoute from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/months/[month]/route";

withSandboxBank();

type Point = { date: string; amount: string; kind: string; balanceType: string | null };
type Series = { from: string; to: string; points: Point[]; balances: { balanceType: string; anchor: boolean }[] };
type Window = { kind: string; from: string; to: string; difference: string; remedies: { reread: unknown } };
type Reconciliation = { holds: boolean; difference: string; bookedCount: number; windows: Window[] };
type Month = { month: string; status: string; reconciled: { changedSince: number } | null };

/** alice synced, then synced again five bank days later: two closing booked balances to stand on. */
async function twoReads() {
  await resetBankClock();
  const c = await connectedConsent("alice");
  const { account } = await syncedAccount(c);
  await advanceBankClock(5);
  expect((await syncOnce(account.id, c.person.scopeId)).state).toBe("succeeded");
  await resetBankClock();
  return { c, account, headers: bearer(c.person.token, c.person.scopeId), params: { id: account.id } };
}

describe("an account's ledger", () => {
  it("the series stands on the bank's closing balances, and two reads reconcile exactly", async () => {
    const { headers, params } = await twoReads();
    const series = await call<{ data: Series }>(balancesRoute.GET, "GET", "x", { headers, params });
    expect(series.status).toBe(200);
    const { points, balances } = series.json.data;
    expect(points).toHaveLength(90);
    const given = points.filter((p) => p.kind === "bank");
    expect(given.map((p) => p.balanceType)).toEqual(["closingBooked", "closingBooked"]);
    expect(points.filter((p) => p.kind === "derived")).toHaveLength(88);
    // Interim and available balances are kept and listed, never stood on.
    expect(balances.filter((b) => b.anchor).map((b) => b.balanceType)).toEqual(["closingBooked", "closingBooked"]);
    expect(balances.filter((b) => !b.anchor).length).toBe(4);

    const result = await call<{ data: Reconciliation }>(reconciliationRoute.GET, "GET", "x", { headers, params });
    expect(result.status).toBe(200);
    expect([result.json.data.holds, result.json.data.difference, result.json.data.windows]).toEqual([true, "0.00", []]);
    expect(result.json.data.bookedCount).toBeGreaterThan(0);
  });

  it("a booked row lost between two balances is found in the window between them, with its amount", async () => {
    const { account, headers, params } = await twoReads();
    const { rows: anchors } = await pool().query<{ reference_date: string }>(
      `SELECT reference_date FROM account_balances WHERE account_id = $1 AND balance_type = 'closingBooked' ORDER BY 1`,
      [account.id],
    );
    const [first, second] = anchors.map((a) => a.reference_date);
    const { rows: lost } = await pool().query<{ id: string; amount: string; booking_date: string }>(
      `UPDATE transactions SET removed_at = now() WHERE id = (
         SELECT id FROM transactions WHERE account_id = $1 AND status = 'booked' AND booking_date > $2 AND booking_date <= $3
          ORDER BY booking_date, id LIMIT 1)
       RETURNING id, amount::text, booking_date`,
      [account.id, first, second],
    );
    expect(lost).toHaveLength(1);
    const result = await call<{ data: Reconciliation }>(reconciliationRoute.GET, "GET", "x", { headers, params });
    const { holds, windows, difference } = result.json.data;
    expect(holds).toBe(false);
    expect(compareDecimals(difference, lost[0].amount)).toBe(0);
    expect(windows.map((w) => [w.kind, w.from, w.to])).toEqual([["segment", addDays(first, 1), second]]);
    expect(compareDecimals(windows[0].difference, lost[0].amount)).toBe(0);
    // Within PSD2's reach: reading the window again from the bank is offered.
    expect(windows[0].remedies.reread).toEqual({ dateFrom: addDays(first, 1) });
  });

  it("a month closed on its statement's figures; a later change inside it is flagged; closing twice is 409; reopened", async () => {
    const { account, headers, params } = await twoReads();
    // A month wholly inside the synced history, closed on the figures the series derives for its ends.
    const series = await call<{ data: Series }>(balancesRoute.GET, "GET", "x", {
      headers,
      params,
      query: `from=${addDays(new Date().toISOString().slice(0, 10), -120)}&to=${new Date().toISOString().slice(0, 10)}`,
    });
    const at = (date: string) => series.json.data.points.find((p) => p.date === date)?.amount ?? "";
    const { month, openingDate, closingDate } = monthBeforeBankBalances(series.json.data.points);
    const figures = { openingBalance: at(openingDate), closingBalance: at(closingDate) };

    // A wrong closing figure: refused, naming the month's days and the difference, nothing written.
    const wrong = await call<{ error: { code: string; details: Record<string, string[]> } }>(
      monthRoute.PUT,
      "PUT",
      "x",
      {
        headers,
        params: { ...params, month },
        body: { ...figures, closingBalance: decimalSubtract(figures.closingBalance, "10.00") },
      },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.details.closingBalance[0]).toContain(
      `a difference of -10.00, in ${addDays(openingDate, 1)} to ${closingDate}`,
    );

    const closed = await call<{ data: { month: string; changedSince: number } }>(monthRoute.PUT, "PUT", "x", {
      headers,
      params: { ...params, month },
      body: figures,
    });
    expect(closed.status).toBe(201);
    expect([closed.json.data.month, closed.json.data.changedSince]).toEqual([month, 0]);
    const again = await call(monthRoute.PUT, "PUT", "x", { headers, params: { ...params, month }, body: figures });
    expect(again.status).toBe(409);

    const statusOf = async () =>
      (
        await call<{ data: { months: Month[] } }>(monthsRoute.GET, "GET", "x", { headers, params })
      ).json.data.months.find((m) => m.month === month);
    expect((await statusOf())?.status).toBe("reconciled");
    await pool().query(
      `UPDATE transactions SET note = 'moved', updated_at = now() + interval '1 second' WHERE id = (
         SELECT id FROM transactions WHERE account_id = $1 AND status = 'booked' AND booking_date > $2 AND booking_date <= $3 LIMIT 1)`,
      [account.id, openingDate, closingDate],
    );
    const flagged = await statusOf();
    expect([flagged?.status, flagged?.reconciled?.changedSince]).toEqual(["changed_since", 1]);

    const { rows: trail } = await pool().query<{ action: string }>(
      `SELECT action FROM audit_events WHERE record_id = $1 AND action LIKE 'account.month_%' ORDER BY seq`,
      [account.id],
    );
    expect(trail.map((t) => t.action)).toEqual(["account.month_reconciled"]);
    expect((await call(monthRoute.DELETE, "DELETE", "x", { headers, params: { ...params, month } })).status).toBe(204);
    const { rows: after } = await pool().query<{ action: string; before: { month: string } | null }>(
      `SELECT action, before FROM audit_events WHERE record_id = $1 AND action LIKE 'account.month_%' ORDER BY seq`,
      [account.id],
    );
    expect(after.map((t) => [t.action, t.before?.month ?? null])).toEqual([
      ["account.month_reconciled", null],
      ["account.month_reopened", month],
    ]);
    expect((await statusOf())?.status).not.toMatch(/reconciled|changed_since/);
    expect((await call(monthRoute.DELETE, "DELETE", "x", { headers, params: { ...params, month } })).status).toBe(404);
  });

  it("bad input is a 422 naming the field; another scope's account is 404 on every ledger route", async () => {
    const { account, headers, params } = await twoReads();
    const cases: [Parameters<typeof call>, string][] = [
      [[balancesRoute.GET, "GET", "x", { headers, params, query: "from=2026-02-30" }], "from"],
      [[balancesRoute.GET, "GET", "x", { headers, params, query: "from=2000-01-01&to=2026-01-01" }], "to"],
      [[balancesRoute.GET, "GET", "x", { headers, params, query: "currency=eur" }], "currency"],
      [[reconciliationRoute.GET, "GET", "x", { headers, params, query: "from=2001-01-01" }], "from"],
      [[monthRoute.PUT, "PUT", "x", { headers, params: { ...params, month: "2026-13" }, body: {} }], "month"],
      [[monthRoute.PUT, "PUT", "x", { headers, params: { ...params, month: "2001-01" }, body: {} }], "openingBalance"],
      [
        [
          monthRoute.PUT,
          "PUT",
          "x",
          { headers, params: { ...params, month: "2026-01" }, body: { closingBalance: "1,5" } },
        ],
        "closingBalance",
      ],
    ];
    for (const [args, field] of cases) {
      const res = await call<{ error: { code: string; details: Record<string, string[]> } }>(...args);
      expect([res.status, res.json.error.code, Object.keys(res.json.error.details)]).toEqual([
        422,
        "validation_failed",
        [field],
      ]);
    }
    const stranger = await makePerson("stranger");
    const foreign = bearer(stranger.token, stranger.scopeId);
    for (const [handler, method] of [
      [balancesRoute.GET, "GET"],
      [reconciliationRoute.GET, "GET"],
      [monthsRoute.GET, "GET"],
      [monthRoute.PUT, "PUT"],
      [monthRoute.DELETE, "DELETE"],
    ] as const) {
      const res = await call(handler, method, "x", {
        headers: foreign,
        params: { id: account.id, month: "2026-10" },
        ...(method === "PUT" ? { body: { openingBalance: "0", closingBalance: "0" } } : {}),
      });
      expect(res.status).toBe(404);
    }
    expect((await pool().query("SELECT 1 FROM reconciled_months WHERE account_id = $1", [account.id])).rowCount).toBe(
      0,
    );
  });
});
