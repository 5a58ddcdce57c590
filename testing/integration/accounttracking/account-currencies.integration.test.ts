// An account normally has one currency, but a bank can send some of its transactions in another
// (transactionAmount.currency ≠ the account's). The account's figures (/stats) and its counterpart
// list then report every amount per currency and never add EUR to USD; an account in one currency
// reads as before (the single figures are there too).
import { beforeAll, describe, expect, it } from "vitest";
import * as counterpartsRoute from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import * as statsRoute from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, getData } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

type Money = { currency: string; count: number; total: string };
type Stats = {
  currency: string;
  counts: { booked: number; pending: number };
  bookedSum: string | null;
  currencies: { currency: string; booked: number; pending: number; bookedSum: string }[];
  months: Record<string, unknown>[];
  topCounterparts: { name: string; count: number; total?: string; totalsByCurrency: Money[] }[];
};
type Listed = {
  name: string;
  currency: string;
  totals?: { count: number; sumIn: string; sumOut: string; lastDate: string | null };
  totalsByCurrency: { currency: string; count: number; sumIn: string; sumOut: string; lastDate: string | null }[];
};

let headers: Record<string, string>;
let mixed: string;
let single: string;

const zeroMonth = { inflow: "0", outflow: "0", net: "0", count: 0, transfersIn: "0", transfersOut: "0" };

beforeAll(async () => {
  const person = await makePerson("currencies");
  headers = bearer(person.token, person.scopeId);
  mixed = (await storedAccount(person, 0)).accountId;
  single = (await storedAccount(person, 3)).accountId;
  // Its rows get their counterparts as a sync would give them (stored rows arrive without).
  await pgTransaction((client) => assignCounterparts(client, { scopeId: person.scopeId, accountId: single }));
  const shop = await prisma().counterpart.create({ data: { scopeId: person.scopeId, name: "Shop" } });
  const employer = await prisma().counterpart.create({ data: { scopeId: person.scopeId, name: "Employer" } });
  // The account is EUR; the bank sent some of its rows in USD.
  await pool().query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, sort_date, amount, currency,
                               creditor_name, debtor_name, counterpart_id, updated_at)
     SELECT gen_random_uuid(), $1, $2, r.id, r.status::"TransactionStatus", r.d, r.d, r.amount::numeric, r.currency,
            r.creditor, r.debtor, r.cp::uuid, now()
       FROM (VALUES ('e1', 'booked', '2026-01-05', '-10.00', 'EUR', 'Shop', NULL, $3),
                    ('u1', 'booked', '2026-01-07', '-20.00', 'USD', 'Shop', NULL, $3),
                    ('e2', 'booked', '2026-03-02', '100.00', 'EUR', NULL, 'Employer', $4),
                    ('u2', 'pending', '2026-03-03', '-1.00', 'USD', 'Shop', NULL, $3),
                    ('u3', 'booked', '2026-03-10', '5.50', 'USD', NULL, 'Employer', $4))
            AS r(id, status, d, amount, currency, creditor, debtor, cp)`,
    [person.scopeId, mixed, shop.id, employer.id],
  );
});

const stats = (id: string) => getData<Stats>(statsRoute.GET, { headers, params: { id } });
const counterparts = (id: string, query = "perPage=50") =>
  getData<Listed[]>(counterpartsRoute.GET, { headers, params: { id }, query });

describe("an account with transactions in two currencies", () => {
  it("reports its figures per currency: sums, months and top counterparts", async () => {
    const s = await stats(mixed);
    expect(s.currency).toBe("EUR");
    expect(s.counts).toEqual({ booked: 4, pending: 1 });
    // Every month from the first booking to the last, once per currency.
    expect(s.months).toEqual([
      { month: "2026-01", currency: "EUR", ...zeroMonth, outflow: "10.00", net: "-10.00", count: 1 },
      { month: "2026-01", currency: "USD", ...zeroMonth, outflow: "20.00", net: "-20.00", count: 1 },
      { month: "2026-02", currency: "EUR", ...zeroMonth },
      { month: "2026-02", currency: "USD", ...zeroMonth },
      { month: "2026-03", currency: "EUR", ...zeroMonth, inflow: "100.00", net: "100.00", count: 1 },
      { month: "2026-03", currency: "USD", ...zeroMonth, inflow: "5.50", net: "5.50", count: 1 },
    ]);
    // Ranked by number of transactions (a count may be added across currencies; money may not).
    expect(s.topCounterparts).toEqual([
      {
        name: "Shop",
        count: 3,
        totalsByCurrency: [
          { currency: "EUR", count: 1, total: "-10.00" },
          { currency: "USD", count: 2, total: "-21.00" },
        ],
      },
      {
        name: "Employer",
        count: 2,
        totalsByCurrency: [
          { currency: "EUR", count: 1, total: "100.00" },
          { currency: "USD", count: 1, total: "5.50" },
        ],
      },
    ]);
    expect(s.currencies).toEqual([
      { currency: "EUR", booked: 2, pending: 0, bookedSum: "90.00" },
      { currency: "USD", booked: 2, pending: 1, bookedSum: "-14.50" },
    ]);
    // No single sum: it would add dollars to euros.
    expect(s.bookedSum).toBeNull();
  });

  it("lists its counterparts with totals per currency, never adding currencies", async () => {
    const listed = await counterparts(mixed, "sort=sumOut&order=desc");
    const shop = listed.find((c) => c.name === "Shop");
    expect(shop?.currency).toBe("EUR");
    expect(shop?.totals).toBeUndefined();
    expect(shop?.totalsByCurrency).toEqual([
      { currency: "EUR", count: 1, sumIn: "0", sumOut: "10.00", lastDate: "2026-01-05" },
      { currency: "USD", count: 2, sumIn: "0", sumOut: "21.00", lastDate: "2026-03-03" },
    ]);
    const employer = listed.find((c) => c.name === "Employer");
    expect(employer?.totalsByCurrency).toEqual([
      { currency: "EUR", count: 1, sumIn: "100.00", sumOut: "0", lastDate: "2026-03-02" },
      { currency: "USD", count: 1, sumIn: "5.50", sumOut: "0", lastDate: "2026-03-10" },
    ]);
    // Money out in EUR: Shop 10.00 before Employer 0 (the USD 21.00 is not added to it).
    expect(listed.map((c) => c.name)).toEqual(["Shop", "Employer"]);
  });
});

describe("an account in one currency", () => {
  it("reads as before: the single figures are there, alongside the per-currency ones", async () => {
    const s = await stats(single);
    expect(s.bookedSum).toBe("-6");
    expect(s.currencies).toEqual([{ currency: "EUR", booked: 3, pending: 0, bookedSum: "-6" }]);
    expect(s.months).toEqual([{ month: "2026-01", currency: "EUR", ...zeroMonth, outflow: "6", net: "-6", count: 3 }]);
    expect(s.topCounterparts[0]).toEqual({
      name: "Shop 1",
      count: 1,
      total: "-1",
      totalsByCurrency: [{ currency: "EUR", count: 1, total: "-1" }],
    });
    const listed = await counterparts(mixed);
    await pool().query("DELETE FROM transactions WHERE account_id = $1 AND currency = 'USD'", [mixed]);
    const euroOnly = await counterparts(mixed);
    expect(listed.every((c) => c.totals === undefined)).toBe(true);
    expect(euroOnly.find((c) => c.name === "Shop")?.totals).toEqual({
      count: 1,
      sumIn: "0",
      sumOut: "10.00",
      lastDate: "2026-01-05",
    });
  });
});
