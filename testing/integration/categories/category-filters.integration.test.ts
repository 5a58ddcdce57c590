// A counterpart's default category and the category filter. The default reaches the counterpart's
// rows that no person or rule categorised, follows a change, and leaves with a clearing; a person's
// choice and a person's clearing are never touched. filter[category] (an id, a parent with its
// children, or none) selects the same rows on the account's list, the all-accounts list, both
// totals and both CSV exports, which carry a category column.
import { beforeAll, describe, expect, it } from "vitest";
import * as defaultRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/default-category/route";
import * as txCategoryRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/category/route";
import * as scopeListRoute from "@/app/api/accounttracking/v1/transactions/route";
import * as scopeTotalsRoute from "@/app/api/accounttracking/v1/transactions/totals/route";
import * as scopeCsvRoute from "@/app/api/accounttracking/v1/transactions.csv/route";
import * as totalsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/totals/route";
import * as csvRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import { prisma } from "@/lib/db/client";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

type Tx = { id: string; counterpartId: string | null; category: { id: string } | null; categorySource: string | null };
type Totals = { count: number };

let alice: SyncedAlice;
let rows: Tx[];
let ids: Record<string, string>;
withSandboxBank();

const setDefault = (counterpartId: string, categoryId: string | null, headers = alice.headers) =>
  call<{ data: { transactionsChanged: number; defaultCategoryId: string | null } }>(defaultRoute.PUT, "PUT", "x", {
    headers,
    params: { counterpartId },
    body: { categoryId },
  });
const setCategory = (transactionId: string, categoryId: string | null) =>
  call(txCategoryRoute.PUT, "PUT", "x", { headers: alice.headers, params: { transactionId }, body: { categoryId } });
const stored = (id: string) => prisma().transaction.findUniqueOrThrow({ where: { id } });
const idsOf = (list: { id: string }[]) => list.map((t) => t.id).sort();

/** The ids each of the six readers gives for one filter, and the two totals' counts. */
async function everywhere(filter: string) {
  const { headers } = alice;
  const params = { id: alice.current.id };
  const account = (await alice.transactions<Tx>(filter)).json.data;
  const scope = await call<{ data: Tx[] }>(scopeListRoute.GET, "GET", "x", { headers, query: `perPage=500&${filter}` });
  const totals = await call<{ data: Totals }>(totalsRoute.GET, "GET", "x", { headers, params, query: filter });
  const scopeTotals = await call<{ data: Totals }>(scopeTotalsRoute.GET, "GET", "x", { headers, query: filter });
  const csv = await call(csvRoute.GET, "GET", "x", { headers, params, query: filter });
  const scopeCsv = await call(scopeCsvRoute.GET, "GET", "x", { headers, query: filter });
  const csvIds = (text: string) =>
    text
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",").at(-1)!)
      .sort();
  return {
    account: idsOf(account),
    scope: idsOf(scope.json.data),
    totals: [totals.json.data.count, scopeTotals.json.data.count],
    csv: [csvIds(csv.text), csvIds(scopeCsv.text)],
    csvText: csv.text,
  };
}

beforeAll(async () => {
  alice = await syncedAlice({ withoutRules: true });
  rows = (await alice.transactions<Tx>("filter[status]=booked")).json.data;
  const made = await prisma().category.findMany({ where: { scopeId: alice.connected.person.scopeId } });
  ids = Object.fromEntries(made.map((c) => [c.key ?? c.name, c.id]));
});

describe("a counterpart's default category", () => {
  it("reaches its rows without a category, never a person's choice or clearing; follows a change; leaves on clearing", async () => {
    const counts = new Map<string, number>();
    for (const r of rows) if (r.counterpartId) counts.set(r.counterpartId, (counts.get(r.counterpartId) ?? 0) + 1);
    const [counterpartId] = [...counts].sort((x, y) => y[1] - x[1])[0];
    const its = rows.filter((r) => r.counterpartId === counterpartId);
    expect(its.length).toBeGreaterThan(2);
    const [chosen, cleared] = its;
    // All its rows, pending and beyond the first page too.
    const rest = (
      await prisma().transaction.findMany({
        where: {
          scopeId: alice.connected.person.scopeId,
          removedAt: null,
          OR: [{ boundCounterpartId: counterpartId }, { boundCounterpartId: null, counterpartId }],
        },
      })
    ).filter((r) => r.id !== chosen.id && r.id !== cleared.id);
    expect((await setCategory(chosen.id, ids.software)).status).toBe(200);
    expect((await setCategory(cleared.id, null)).status).toBe(200);

    const set = await setDefault(counterpartId, ids.utilities);
    expect(set.status, set.text).toBe(200);
    expect(set.json.data).toMatchObject({ defaultCategoryId: ids.utilities, transactionsChanged: rest.length });
    for (const r of rest)
      expect(await stored(r.id)).toMatchObject({ categoryId: ids.utilities, categorySource: "counterpart" });
    expect(await stored(chosen.id)).toMatchObject({ categoryId: ids.software, categorySource: "person" });
    expect(await stored(cleared.id)).toMatchObject({ categoryId: null, categorySource: "person" });

    expect((await setDefault(counterpartId, ids.rent)).json.data.transactionsChanged).toBe(rest.length);
    expect((await stored(rest[0].id)).categoryId).toBe(ids.rent);
    // A re-sync keeps what the default gave.
    expect((await syncOnce(alice.current.id, alice.connected.person.scopeId)).state).toBe("succeeded");
    expect((await stored(rest[0].id)).categoryId).toBe(ids.rent);

    expect((await setDefault(counterpartId, null)).json.data.transactionsChanged).toBe(rest.length);
    for (const r of rest) expect(await stored(r.id)).toMatchObject({ categoryId: null, categorySource: null });
    expect((await stored(chosen.id)).categoryId).toBe(ids.software);
    const events = await prisma().auditEvent.findMany({
      where: { action: "counterpart.default_category_changed", recordId: counterpartId },
      orderBy: { seq: "asc" },
    });
    expect(events.map((e) => e.after)).toEqual([
      { defaultCategoryId: ids.utilities, transactionsChanged: rest.length },
      { defaultCategoryId: ids.rent, transactionsChanged: rest.length },
      { defaultCategoryId: null, transactionsChanged: rest.length },
    ]);
  });

  it("refuses bad input (422), another scope's counterpart (404) and a stranger in another scope (404)", async () => {
    const counterpartId = rows.find((r) => r.counterpartId)!.counterpartId!;
    expect((await setDefault(counterpartId, "rent")).status).toBe(422);
    const bob = await makePerson("bob");
    const bobs = await prisma().category.findFirstOrThrow({ where: { scopeId: bob.scopeId, key: "rent" } });
    expect((await setDefault(counterpartId, bobs.id)).status).toBe(422);
    expect((await setDefault(counterpartId, ids.rent, bearer(bob.token, bob.scopeId))).status).toBe(404);
  });
});

describe("filter[category]", () => {
  it("an id, a parent with its children, and none select the same rows on lists, totals and CSVs", async () => {
    const [a, b, c] = rows.slice(-3);
    expect((await setCategory(a.id, ids.salary)).status).toBe(200);
    expect((await setCategory(b.id, ids.salary)).status).toBe(200);
    expect((await setCategory(c.id, ids.income)).status).toBe(200);

    const salary = await everywhere(`filter[category]=${ids.salary}`);
    expect(salary.account).toEqual(idsOf([a, b]));
    expect(salary.scope).toEqual(salary.account);
    expect(salary.totals).toEqual([2, 2]);
    expect(salary.csv).toEqual([salary.account, salary.account]);
    const [header, first] = salary.csvText.replace(/^\uFEFF/, "").split("\r\n");
    expect(first.split(",")[header.split(",").indexOf("category")]).toBe("Salary");

    const income = await everywhere(`filter[category]=${ids.income}`);
    expect(income.account).toEqual(idsOf([a, b, c]));
    expect(income.totals).toEqual([3, 3]);

    // More rows than a page: the lists' first 500 are all without one, the totals and CSVs count all.
    const uncategorised = await prisma().transaction.findMany({
      where: { accountId: alice.current.id, removedAt: null, categoryId: null },
      select: { id: true },
    });
    const none = await everywhere("filter[category]=none");
    const expected = idsOf(uncategorised);
    expect(none.account.every((id) => expected.includes(id))).toBe(true);
    expect(none.account.length).toBe(Math.min(500, expected.length));
    expect(none.scope).toEqual(none.account);
    expect(none.totals).toEqual([expected.length, expected.length]);
    expect(none.csv).toEqual([expected, expected]);
  });

  it("refuses a value that is neither an id nor none, with 422", async () => {
    const res = await alice.transactions("filter[category]=groceries");
    expect(res.status).toBe(422);
  });
});
