// The scope's counterparts (GET /counterparts/activity) on a synced `namesakes` account plus a USD
// account paying the same counterpart: totals per currency and never one sum, the account filter,
// search, sort by activity, the cursor walk, 422 on bad input, and another scope's rows never shown.
import { beforeAll, describe, expect, it } from "vitest";
import * as activityRoute from "@/app/api/accounttracking/v1/counterparts/activity/route";
import {
  listAll,
  syncedNamesakes,
  usdPayments,
  withSyncedNamesakes,
  type Listed,
  type SyncedNamesakes,
} from "@/testing/support/counterparts";
import { call } from "@/testing/support/http";

type CurrencyTotals = { currency: string; count: number; sumIn: string; sumOut: string; lastDate: string | null };
type Item = { id: string; displayName: string; accountCount: number; totalsByCurrency: CurrencyTotals[] };
type Page = { data: Item[]; meta: { page: { nextCursor: string | null } } };

let ctx: SyncedNamesakes;
let listed: Listed[];
let payee: Listed;
let usdAccountId: string;
withSyncedNamesakes((synced, all) => {
  ctx = synced;
  listed = all;
  payee = all.find((c) => Number(c.totals.sumOut) > 0)!;
});

async function activity(query: string, headers = ctx.headers) {
  return call<Page>(activityRoute.GET, "GET", "x", { headers, query });
}

async function items(query = "perPage=200", headers = ctx.headers): Promise<Item[]> {
  const res = await activity(query, headers);
  if (res.status !== 200) throw new Error(`activity: ${res.status} ${res.text}`);
  return res.json.data;
}

describe("the scope's counterparts", () => {
  beforeAll(async () => {
    // A USD account of the same scope paying the same counterpart once.
    usdAccountId = (await usdPayments(ctx.account.id, payee, [["usd-activity-1", "2026-02-03", "-12.50"]])).id;
  });

  it("lists every counterpart once, most active first, with totals per currency", async () => {
    const all = await items();
    expect(all.map((c) => c.id).sort()).toEqual(listed.map((c) => c.id).sort());
    const counts = all.map((c) => c.totalsByCurrency.reduce((n, t) => n + t.count, 0));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const mine = all.find((c) => c.id === payee.id)!;
    expect(mine.accountCount).toBe(2);
    expect(mine.totalsByCurrency.map((t) => t.currency)).toEqual(["EUR", "USD"]);
    expect(mine.totalsByCurrency[0]).toMatchObject({ count: payee.totals.count, sumOut: payee.totals.sumOut });
    expect(mine.totalsByCurrency[1]).toMatchObject({ count: 1, sumIn: "0", sumOut: "12.50", lastDate: "2026-02-03" });
    // The account's own list says the same about where a rename shows.
    const fromAccount = (await listAll(ctx.headers, ctx.account.id)).find((c) => c.id === payee.id);
    expect(fromAccount).toMatchObject({ accountCount: 2 });
  });

  it("narrows to one account and by search", async () => {
    const usdOnly = await items(`filter[accountId]=${usdAccountId}`);
    expect(usdOnly.map((c) => c.id)).toEqual([payee.id]);
    expect(usdOnly[0].totalsByCurrency.map((t) => t.currency)).toEqual(["USD"]);
    expect(usdOnly[0].accountCount).toBe(2);
    const eurOnly = await items(`filter[accountId]=${ctx.account.id}&perPage=200`);
    expect(eurOnly).toHaveLength(listed.length);
    expect(eurOnly.every((c) => c.totalsByCurrency.every((t) => t.currency === "EUR"))).toBe(true);
    const found = await items(`q=${encodeURIComponent(payee.name.slice(0, 5))}`);
    expect(found.map((c) => c.id)).toContain(payee.id);
    expect(found.length).toBeLessThan(listed.length);
    expect(await items("q=no-such-counterpart-anywhere")).toEqual([]);
  });

  it("walks every page by cursor in name order, each counterpart once", async () => {
    const seen: Item[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `sort=name&order=asc&perPage=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await activity(query);
      expect(res.status).toBe(200);
      seen.push(...res.json.data);
      cursor = res.json.meta.page.nextCursor;
    } while (cursor);
    expect(seen.map((c) => c.id)).toEqual((await items("sort=name&order=asc")).map((c) => c.id));
    expect(new Set(seen.map((c) => c.id)).size).toBe(listed.length);
  });

  it("answers 422 on bad input, a cursor of other filters included", async () => {
    const first = await activity("perPage=1");
    const cursor = first.json.meta.page.nextCursor!;
    for (const query of [
      "sort=sumOut",
      "order=up",
      "filter[accountId]=not-a-uuid",
      "perPage=0",
      `q=${"x".repeat(101)}`,
      "cursor=garbage",
      `sort=name&cursor=${encodeURIComponent(cursor)}`,
    ]) {
      const res = await call<{ error: { code: string } }>(activityRoute.GET, "GET", "x", {
        headers: ctx.headers,
        query,
      });
      expect([query, res.status, res.json.error.code]).toEqual([query, 422, "validation_failed"]);
    }
  });

  it("never shows another scope's counterparts, not even with its account's id", async () => {
    const other = await syncedNamesakes();
    const theirs = await items("perPage=200", other.headers);
    const ours = new Set(listed.map((c) => c.id));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((c) => ours.has(c.id))).toBe(false);
    expect(await items(`filter[accountId]=${ctx.account.id}`, other.headers)).toEqual([]);
    expect((await items("perPage=200")).some((c) => theirs.some((t) => t.id === c.id))).toBe(false);
  });
});
