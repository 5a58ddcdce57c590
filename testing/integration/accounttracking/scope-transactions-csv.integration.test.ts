// The Transactions page's export: every account's filtered rows in one CSV, the columns of an
// account's export. Each row names its account and keeps its currency; the filters select the same
// rows as the list; only the caller's scope is ever read; a bad filter is a 422 in the envelope.
import { beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "@/app/api/accounttracking/v1/transactions.csv/route";
import * as listRoute from "@/app/api/accounttracking/v1/transactions/route";
import { pool, prisma } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

type Person = Awaited<ReturnType<typeof makePerson>>;

let alice: Person;
let bob: Person;
let joint: string;
let dollars: string;
let bobs: string;

/** A stored account (rows "Shop n", n from 1, dated 2026-01-01 + n) with the names a person gives. */
async function namedAccount(person: Person, rows: number, names: { name: string; nickname?: string; iban: string }) {
  const { accountId } = await storedAccount(person, rows);
  await prisma().trackedAccount.update({ where: { id: accountId }, data: names });
  return accountId;
}

beforeAll(async () => {
  alice = await makePerson("scope-csv-alice");
  bob = await makePerson("scope-csv-bob");
  joint = await namedAccount(alice, 30, {
    name: "Compte courant",
    nickname: "Joint household",
    iban: "BE71096123456769",
  });
  dollars = await namedAccount(alice, 20, { name: "Dollar account", iban: "BE68539007547034" });
  bobs = await namedAccount(bob, 10, { name: "Bob's own", iban: "BE62510007547061" });
  await pool().query("UPDATE transactions SET currency = 'USD' WHERE account_id = $1", [dollars]);
  await pool().query("UPDATE transactions SET amount = -12.34 WHERE account_id = $1 AND external_id = 'tx-3'", [joint]);
});

const csv = (person: Person, query = "") =>
  call(csvRoute.GET, "GET", "x", { headers: bearer(person.token, person.scopeId), query });

/** The file's lines (Response.text() drops the byte order mark), each split at `separator` (no field here holds one). */
function table(text: string, separator = ","): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...lines] = text
    .split("\r\n")
    .slice(0, -1)
    .map((l) => l.split(separator));
  return { header, rows: lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]))) };
}

/** The ids the all-accounts list shows for the same query, newest first. */
async function listed(query: string): Promise<string[]> {
  const res = await call<{ data: { id: string }[] }>(listRoute.GET, "GET", "x", {
    headers: bearer(alice.token, alice.scopeId),
    query: `perPage=500${query ? `&${query}` : ""}`,
  });
  expect(res.status).toBe(200);
  return res.json.data.map((t) => t.id);
}

describe("every account's transactions as CSV", () => {
  it("has each of the scope's rows, newest first, naming its account and keeping its currency", async () => {
    const res = await csv(alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="transactions-all-accounts-all.csv"');
    const { header, rows } = table(res.text);
    expect(header.slice(0, 6)).toEqual(["date", "bookingDate", "valueDate", "status", "amount", "currency"]);
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.id)).toEqual(await listed(""));
    const jointRows = rows.filter((r) => r.accountName === "Joint household");
    expect(jointRows).toHaveLength(30);
    expect(jointRows.every((r) => r.accountIban === "BE71096123456769" && r.currency === "EUR")).toBe(true);
    const dollarRows = rows.filter((r) => r.accountName === "Dollar account");
    expect(dollarRows).toHaveLength(20);
    expect(dollarRows.every((r) => r.accountIban === "BE68539007547034" && r.currency === "USD")).toBe(true);
    expect(rows.find((r) => r.counterpartName === "Shop 3" && r.currency === "EUR")?.amount).toBe("-12.34");
  });

  it("writes semicolons and a decimal comma for Excel", async () => {
    const res = await csv(alice, "format=excel-eu");
    expect(res.status).toBe(200);
    const { header, rows } = table(res.text, ";");
    expect(header).toContain("accountName");
    expect(rows).toHaveLength(50);
    expect(rows.find((r) => r.counterpartName === "Shop 3" && r.currency === "EUR")?.amount).toBe("-12,34");
  });

  it("selects what the list selects: dates, words, an account", async () => {
    for (const query of [
      "filter[fromDate]=2026-01-05&filter[toDate]=2026-01-10",
      `filter[q]=${encodeURIComponent("shop 1")}`,
      `filter[accountId]=${dollars}&filter[direction]=out`,
      `filter[accountId]=${joint}&filter[minAmount]=12&filter[maxAmount]=13`,
    ]) {
      const res = await csv(alice, query);
      expect(res.status, query).toBe(200);
      const ids = table(res.text).rows.map((r) => r.id);
      expect(ids.length, query).toBeGreaterThan(0);
      expect(ids, query).toEqual(await listed(query));
    }
    const one = await csv(alice, `filter[accountId]=${joint}&filter[fromDate]=2026-01-05&filter[toDate]=2026-01-10`);
    expect(table(one.text).rows.map((r) => r.accountName)).toEqual(Array(6).fill("Joint household"));
    expect(one.headers.get("content-disposition")).toBe(
      'attachment; filename="joint-household-6769-2026-01-05-to-2026-01-10.csv"',
    );
  });

  it("reads only the caller's scope: another scope's account gives the header alone", async () => {
    const foreign = await csv(alice, `filter[accountId]=${bobs}`);
    expect(foreign.status).toBe(200);
    expect(table(foreign.text).rows).toEqual([]);
    expect(foreign.text).not.toContain("Bob's own");
    expect(foreign.headers.get("content-disposition")).toBe('attachment; filename="transactions-all.csv"');
    const own = table((await csv(bob)).text).rows;
    expect(own).toHaveLength(10);
    expect(own.every((r) => r.accountName === "Bob's own")).toBe(true);
  });

  it("answers a bad filter with 422 in the envelope, and no file", async () => {
    for (const query of [
      "filter[fromDate]=2026-13-01",
      "filter[fromDate]=2026-02-01&filter[toDate]=2026-01-01",
      "filter[accountId]=not-an-id",
      "format=xlsx",
      "filter[minAmount]=lots",
    ]) {
      const res = await csv(alice, query);
      expect(res.status, query).toBe(422);
      expect(res.headers.get("content-type"), query).toContain("application/json");
      expect((res.json as { error: { code: string } }).error.code, query).toBe("validation_failed");
    }
  });

  it("is refused without credentials", async () => {
    const res = await call(csvRoute.GET, "GET", "x", { headers: { "x-scope": alice.scopeId } });
    expect(res.status).toBe(401);
  });
});
