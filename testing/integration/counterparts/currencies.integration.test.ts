// Counterpart totals across a scope's accounts in two currencies: the detail endpoint reports them
// per currency and never adds EUR to USD; with an account filter it reports that account's currency.
import { beforeAll, describe, expect, it } from "vitest";
import * as familyRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/family/route";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import { usdPayments, withSyncedNamesakes, type Listed, type SyncedNamesakes } from "@/testing/support/counterparts";
import { getData } from "@/testing/support/http";

type CurrencyTotals = { currency: string; count: number; sumIn: string; sumOut: string; lastDate: string | null };
type Detail = {
  totals?: { count: number; sumIn: string; sumOut: string };
  totalsByCurrency: CurrencyTotals[];
  monthly: { month: string; currency: string; count: number; sumIn: string; sumOut: string }[];
};

let ctx: SyncedNamesakes;
let payee: Listed;
withSyncedNamesakes((synced, listed) => {
  ctx = synced;
  payee = listed.find((c) => Number(c.totals.sumOut) > 0)!;
});

const ofPayee = (query: string) => ({ headers: ctx.headers, params: { counterpartId: payee.id }, query });
const detail = (query = "") => getData<Detail>(cpRoute.GET, ofPayee(query));

describe("counterpart totals per currency", () => {
  beforeAll(async () => {
    // A USD account of the same person under the same consent, paying the same counterpart twice.
    await usdPayments(ctx.account.id, payee, [
      ["usd-1", "2026-01-10", "-100.10"],
      ["usd-2", "2026-01-20", "-0.05"],
    ]);
  });

  it("reports each currency on its own and leaves out the single total", async () => {
    const all = await detail();
    expect(all.totals).toBeUndefined();
    expect(all.totalsByCurrency.map((t) => t.currency)).toEqual(["EUR", "USD"]);
    const [eur, usd] = all.totalsByCurrency;
    expect(usd).toMatchObject({ currency: "USD", count: 2, sumIn: "0", sumOut: "100.15", lastDate: "2026-01-20" });
    // The EUR line is exactly the EUR account's own figures: nothing from USD was added in.
    expect(eur).toMatchObject({ count: payee.totals.count, sumIn: payee.totals.sumIn, sumOut: payee.totals.sumOut });
    // Months are per currency too: January 2026 has its USD row apart from any EUR row.
    const january = all.monthly.filter((m) => m.month === "2026-01");
    expect(january.find((m) => m.currency === "USD")).toMatchObject({ count: 2, sumOut: "100.15" });
    expect(all.monthly.every((m) => m.currency === "EUR" || m.currency === "USD")).toBe(true);
  });

  it("with an account filter gives that account's single total", async () => {
    const one = await detail(`filter[accountId]=${ctx.account.id}`);
    expect(one.totalsByCurrency.map((t) => t.currency)).toEqual(["EUR"]);
    expect(one.totals).toMatchObject({ count: payee.totals.count, sumOut: payee.totals.sumOut });
  });

  it("a family without an account filter rolls up per currency and never adds EUR to USD", async () => {
    type Node = {
      totals?: { count: number };
      rolledUp?: { count: number };
      totalsByCurrency: CurrencyTotals[];
      rolledUpByCurrency: CurrencyTotals[];
    };
    const family = (query = "") => getData<Node>(familyRoute.GET, ofPayee(query));
    const all = await family();
    expect(all.totals).toBeUndefined();
    expect(all.rolledUp).toBeUndefined();
    expect(all.rolledUpByCurrency.map((t) => t.currency)).toEqual(["EUR", "USD"]);
    expect(all.rolledUpByCurrency[1]).toMatchObject({ currency: "USD", count: 2, sumOut: "100.15" });
    expect(all.totalsByCurrency[0]).toMatchObject({
      currency: "EUR",
      count: payee.totals.count,
      sumOut: payee.totals.sumOut,
    });

    const one = await family(`filter[accountId]=${ctx.account.id}`);
    expect(one.rolledUpByCurrency.map((t) => t.currency)).toEqual(["EUR"]);
    expect(one.rolledUp).toMatchObject({ count: payee.totals.count });
  });
});
