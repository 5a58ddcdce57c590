// GET …/v1/transactions/category-totals: per month, category (uncategorised too) and currency, the
// sums exact in decimal (0.10 + 0.20 is 0.30, not 0.30000000000000004), currencies never added,
// own-account transfers, removed rows and rows outside the period left out; 422 for a bad period,
// 404 for a scope that is not the caller's.
import { beforeAll, describe, expect, it } from "vitest";
import * as totalsRoute from "@/app/api/accounttracking/v1/transactions/category-totals/route";
import { pool, prisma } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

type Person = Awaited<ReturnType<typeof makePerson>>;
type Totals = {
  months: string[];
  categories: { id: string | null; name: string | null; parentId: string | null }[];
  cells: {
    month: string;
    categoryId: string | null;
    currency: string;
    count: number;
    inflow: string;
    outflow: string;
    net: string;
  }[];
  monthTotals: { month: string; currency: string; count: number; inflow: string; outflow: string; net: string }[];
  categoryTotals: { categoryId: string | null; currency: string; net: string; count: number }[];
  totals: { currency: string; count: number; inflow: string; outflow: string; net: string }[];
};

const totals = (who: Person, query: string, scopeId = who.scopeId) =>
  call<{ data: Totals }>(totalsRoute.GET, "GET", "x", { headers: bearer(who.token, scopeId), query });

let alice: Person;
let mallory: Person;
let groceries: { id: string; parentId: string | null };
let rent: { id: string; parentId: string | null };
beforeAll(async () => {
  [alice, mallory] = await Promise.all([makePerson("alice"), makePerson("mallory")]);
  const { accountId } = await storedAccount(alice, 0);
  const { accountId: other } = await storedAccount(mallory, 0);
  const byKey = async (key: string) =>
    prisma().category.findFirstOrThrow({
      where: { scopeId: alice.scopeId, key },
      select: { id: true, parentId: true },
    });
  [groceries, rent] = await Promise.all([byKey("groceries"), byKey("rent")]);
  const rows: [string, string, string, string | null, string][] = [
    // date, amount, currency, category, what else
    ["2026-01-05", "-0.10", "EUR", groceries.id, ""],
    ["2026-01-06", "-0.20", "EUR", groceries.id, ""],
    ["2026-01-07", "0.05", "EUR", groceries.id, ""],
    ["2026-01-08", "-3.00", "USD", groceries.id, ""],
    ["2026-01-09", "-1200.00", "EUR", rent.id, ""],
    ["2026-02-01", "-7.77", "EUR", null, ""],
    ["2026-02-02", "-100.00", "EUR", rent.id, "transfer"],
    ["2026-02-03", "-50.00", "EUR", rent.id, "removed"],
    ["2026-03-01", "-1.00", "EUR", rent.id, ""],
  ];
  for (const [i, [date, amount, currency, category, what]] of rows.entries())
    await pool().query(
      `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date,
                                 amount, currency, creditor_name, category_id, transfer_override, removed_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'booked', $4, $4, $4, $5, $6, 'Shop', $7, $8, $9, now())`,
      [
        alice.scopeId,
        accountId,
        `ct-${i}`,
        date,
        amount,
        currency,
        category,
        what === "transfer" ? true : null,
        what === "removed" ? new Date() : null,
      ],
    );
  await pool().query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency, updated_at)
     VALUES (gen_random_uuid(), $1, $2, 'ct-other', 'booked', '2026-01-05', '2026-01-05', '2026-01-05', -99, 'EUR', now())`,
    [mallory.scopeId, other],
  );
});

describe("category totals", () => {
  it("sums per month, category and currency in exact decimals, leaving out transfers, removed rows and other months", async () => {
    const res = await totals(alice, "from=2026-01-01&to=2026-02-28&group=month");
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data.months).toEqual(["2026-01", "2026-02"]);
    expect(data.categories).toEqual([
      { id: groceries.id, name: "Groceries", parentId: groceries.parentId },
      { id: rent.id, name: "Rent", parentId: rent.parentId },
      { id: null, name: null, parentId: null },
    ]);
    expect(data.cells).toEqual([
      {
        month: "2026-01",
        categoryId: groceries.id,
        currency: "EUR",
        count: 3,
        inflow: "0.05",
        outflow: "0.30",
        net: "-0.25",
      },
      {
        month: "2026-01",
        categoryId: groceries.id,
        currency: "USD",
        count: 1,
        inflow: "0",
        outflow: "3.00",
        net: "-3.00",
      },
      {
        month: "2026-01",
        categoryId: rent.id,
        currency: "EUR",
        count: 1,
        inflow: "0",
        outflow: "1200.00",
        net: "-1200.00",
      },
      { month: "2026-02", categoryId: null, currency: "EUR", count: 1, inflow: "0", outflow: "7.77", net: "-7.77" },
    ]);
    expect(data.monthTotals).toEqual([
      { month: "2026-01", currency: "EUR", count: 4, inflow: "0.05", outflow: "1200.30", net: "-1200.25" },
      { month: "2026-01", currency: "USD", count: 1, inflow: "0", outflow: "3.00", net: "-3.00" },
      { month: "2026-02", currency: "EUR", count: 1, inflow: "0", outflow: "7.77", net: "-7.77" },
    ]);
    expect(data.categoryTotals.map((c) => [c.categoryId, c.currency, c.count, c.net])).toEqual([
      [groceries.id, "EUR", 3, "-0.25"],
      [groceries.id, "USD", 1, "-3.00"],
      [rent.id, "EUR", 1, "-1200.00"],
      [null, "EUR", 1, "-7.77"],
    ]);
    expect(data.totals).toEqual([
      { currency: "EUR", count: 5, inflow: "0.05", outflow: "1208.07", net: "-1208.02" },
      { currency: "USD", count: 1, inflow: "0", outflow: "3.00", net: "-3.00" },
    ]);
  });

  it("an empty month is still a column; another scope's rows are never counted", async () => {
    const res = await totals(mallory, "from=2025-12-15&to=2026-02-01");
    expect(res.json.data.months).toEqual(["2025-12", "2026-01", "2026-02"]);
    expect(res.json.data.cells.map((c) => [c.month, c.categoryId, c.net])).toEqual([["2026-01", null, "-99"]]);
  });

  it("422 for a bad period or grouping, 404 for a scope that is not the caller's", async () => {
    for (const query of [
      "from=2026-02-01&to=2026-01-01",
      "from=2026-02-30&to=2026-03-01",
      "to=2026-03-01",
      "from=2026-01-01&to=2026-03-01&group=week",
      "from=2023-01-01&to=2026-01-01",
    ])
      expect([query, (await totals(alice, query)).status]).toEqual([query, 422]);
    expect((await totals(mallory, "from=2026-01-01&to=2026-02-28", alice.scopeId)).status).toBe(404);
  });
});
