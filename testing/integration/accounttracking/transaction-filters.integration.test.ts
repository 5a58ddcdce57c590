// The transactions API's filters (free text, amount size, direction, dates), the totals of the
// filtered set and its CSV export, on alice's synced current account: the three describe one set.
import { beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as totalsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/totals/route";
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { cents, rowsWith, syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { prisma } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

type Tx = {
  id: string;
  amount: string;
  remittanceInformation: string | null;
  bookingDate: string | null;
  isTransfer: boolean;
};
type Totals = {
  count: number;
  currencies: {
    currency: string;
    count: number;
    inflow: string;
    outflow: string;
    net: string;
    transfers: { count: number; net: string };
  }[];
};

let alice: SyncedAlice;
withSandboxBank();
beforeAll(async () => {
  alice = await syncedAlice();
});

const params = () => ({ id: alice.current.id });
const list = (query: string) =>
  call<{ data: Tx[] }>(listRoute.GET, "GET", "x", {
    headers: alice.headers,
    params: params(),
    query: `perPage=500&${query}`,
  });
const totals = (query: string) =>
  call<{ data: Totals }>(totalsRoute.GET, "GET", "x", { headers: alice.headers, params: params(), query });
const csv = (query: string) => call(csvRoute.GET, "GET", "x", { headers: alice.headers, params: params(), query });

describe("transaction filters", () => {
  it("finds transactions by words in the bank's text, case-insensitively", async () => {
    const expected = await rowsWith(alice.current.id, "Rent");
    expect(expected.length).toBeGreaterThan(10);
    const res = await list(`filter[q]=${encodeURIComponent("rENT")}`);
    expect(res.status).toBe(200);
    expect(res.json.data.map((t) => t.id)).toEqual(expected.map((t) => t.id));
  });

  it("filters by the amount's size, money in and out alike, and by direction", async () => {
    const res = await list("filter[minAmount]=1000&filter[maxAmount]=1200,00");
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    for (const t of res.json.data) {
      const size = cents([t.amount.replace("-", "")]);
      expect(size >= 100000n && size <= 120000n).toBe(true);
    }
    const out = await list("filter[direction]=out&filter[minAmount]=1000");
    expect(out.json.data.every((t) => t.amount.startsWith("-"))).toBe(true);
    const inflow = await list("filter[direction]=in&filter[minAmount]=1000");
    expect(inflow.json.data.length).toBeGreaterThan(0);
    expect(inflow.json.data.every((t) => !t.amount.startsWith("-"))).toBe(true);
  });

  it("refuses bad filters with 422 and says which field, on the list, the totals and the CSV", async () => {
    for (const call of [list, totals, csv]) {
      const backwards = await call("filter[fromDate]=2026-05-01&filter[toDate]=2026-04-01");
      expect(backwards.status).toBe(422);
      expect(backwards.text).toContain("filter[fromDate]");
      const notAmount = await call("filter[minAmount]=ten");
      expect(notAmount.status).toBe(422);
      expect(notAmount.text).toContain("filter[minAmount]");
      expect((await call("filter[minAmount]=50&filter[maxAmount]=5")).status).toBe(422);
      expect((await call("filter[direction]=sideways")).status).toBe(422);
    }
  });

  it("totals the filtered set per currency, in SQL numeric, with transfers apart", async () => {
    const query = "filter[fromDate]=2025-01-01&filter[toDate]=2025-12-31";
    const rows = (await list(query)).json.data;
    const res = await totals(query);
    expect(res.status).toBe(200);
    const t = res.json.data;
    expect(t.count).toBe(rows.length);
    expect(t.currencies.map((c) => c.currency)).toEqual(["EUR"]);
    const eur = t.currencies[0];
    const plain = rows.filter((r) => !r.isTransfer).map((r) => r.amount);
    expect(cents([eur.net])).toBe(cents(plain));
    expect(cents([eur.inflow]) - cents([eur.outflow])).toBe(cents([eur.net]));
    expect(cents([eur.inflow])).toBe(cents(plain.filter((a) => !a.startsWith("-"))));
    expect(eur.transfers.count).toBe(rows.filter((r) => r.isTransfer).length);
    expect(eur.transfers.count).toBeGreaterThan(0);
  });

  it("exports the filtered set as CSV: a header, one row per transaction, the same amounts", async () => {
    const query = "filter[q]=Rent&filter[fromDate]=2025-01-01";
    const rows = (await list(query)).json.data;
    const res = await csv(query);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const lines = res.text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^date,bookingDate,valueDate,status,amount,currency,/);
    expect(lines.length - 1).toBe(rows.length);
    const amounts = lines.slice(1).map((l) => l.split(",")[4]);
    expect(amounts).toEqual(rows.map((r) => r.amount));
    expect(lines.slice(1).map((l) => l.split(",").at(-1))).toEqual(rows.map((r) => r.id));
  });

  it("keeps another scope's account out: 404, never rows", async () => {
    const other = await makePerson("stranger");
    const headers = bearer(other.token, other.scopeId);
    for (const route of [listRoute.GET, totalsRoute.GET, csvRoute.GET]) {
      expect((await call(route, "GET", "x", { headers, params: params() })).status).toBe(404);
    }
    expect(await prisma().transaction.count({ where: { accountId: alice.current.id } })).toBeGreaterThan(0);
  });
});
