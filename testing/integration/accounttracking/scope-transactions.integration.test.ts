// Every account's transactions in one list (GET …/v1/transactions): both of alice's accounts, newest
// first, page after page without a gap or a repeat, each row naming its account; filter[accountId]
// narrows to one, the filters of one account's list apply, the totals count the same set, and
// another scope sees none of it.
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/accounttracking/v1/transactions/route";
import * as totalsRoute from "@/app/api/accounttracking/v1/transactions/totals/route";
import { prisma } from "@/lib/db/client";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

type Row = { id: string; accountId: string; accountName: string | null; bookingDate: string | null; amount: string };
type Page = { data: Row[]; meta: { page: { nextCursor: string | null } } };

let alice: SyncedAlice;
let savingsId: string;
withSandboxBank();
beforeAll(async () => {
  alice = await syncedAlice();
  savingsId = (await alice.trackSavings()).id;
});

const list = (query: string, headers = alice.headers) => call<Page>(listRoute.GET, "GET", "x", { headers, query });

async function everyRow(query: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor = "";
  do {
    const res = await list(`perPage=200&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(res.status).toBe(200);
    rows.push(...res.json.data);
    cursor = res.json.meta.page.nextCursor ?? "";
  } while (cursor);
  return rows;
}

describe("the scope's transactions across its accounts", () => {
  it("lists every row of both accounts once, newest first, each with its account", async () => {
    const rows = await everyRow("");
    const stored = await prisma().transaction.count({
      where: { accountId: { in: [alice.current.id, savingsId] }, removedAt: null },
    });
    expect(rows.length).toBe(stored);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([alice.current.id, savingsId]));
    expect(rows.every((r) => r.accountName)).toBe(true);
    const dates = rows.map((r) => r.bookingDate ?? "9999");
    expect([...dates].sort().reverse()).toEqual(dates.map((d) => d));
  });

  it("filter[accountId] narrows to one account; the filters and totals describe the same set", async () => {
    const savings = await everyRow(`filter[accountId]=${savingsId}`);
    expect(savings.length).toBeGreaterThan(0);
    expect(savings.every((r) => r.accountId === savingsId)).toBe(true);
    const savingsMoves = await everyRow(`filter[q]=${encodeURIComponent("Monthly savings")}`);
    // The transfer shows on both sides: money out of the current account, into the savings account.
    expect(new Set(savingsMoves.map((r) => r.accountId))).toEqual(new Set([alice.current.id, savingsId]));
    const totals = await call<{ data: { count: number } }>(totalsRoute.GET, "GET", "x", {
      headers: alice.headers,
      query: `filter[q]=${encodeURIComponent("Monthly savings")}`,
    });
    expect(totals.json.data.count).toBe(savingsMoves.length);
  });

  it("another scope sees none of it, even naming alice's account", async () => {
    const other = await makePerson("scope-tx-stranger");
    const res = await list(`filter[accountId]=${savingsId}`, bearer(other.token, other.scopeId));
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });
});
