// The names a person gives counterparts hold everywhere a transaction is shown, not only in lists:
// the transaction carries its counterpart's name as set up (alias, or the alias of what it was
// consolidated into), search finds it by that name (and by its amount), and the CSV exports it
// beside the bank's own name, with the account's name and IBAN, for a spreadsheet.
import { beforeAll, describe, expect, it } from "vitest";
import * as counterpartRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as csvRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as totalsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/totals/route";
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

type Tx = {
  id: string;
  amount: string;
  counterpartId: string | null;
  counterpartName: string | null;
  counterpartDisplayName: string | null;
  remittanceInformation: string | null;
};

let alice: SyncedAlice;
let rent: Tx[];
withSandboxBank();

const list = (query: string) => alice.transactions<Tx>(query);
const csv = (query = "") =>
  call(csvRoute.GET, "GET", "x", { headers: alice.headers, params: { id: alice.current.id }, query });

/** Every transaction of the account, page after page (alice has 600-odd). */
async function everyTransaction(): Promise<Tx[]> {
  const all: Tx[] = [];
  let cursor = "";
  do {
    const res = await call<{ data: Tx[]; meta: { page: { nextCursor: string | null } } }>(listRoute.GET, "GET", "x", {
      headers: alice.headers,
      params: { id: alice.current.id },
      query: `perPage=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    });
    all.push(...res.json.data);
    cursor = res.json.meta.page.nextCursor ?? "";
  } while (cursor);
  return all;
}

beforeAll(async () => {
  alice = await syncedAlice();
  const all = await everyTransaction();
  const landlordId = all.find((t) => t.remittanceInformation?.includes("Rent"))?.counterpartId;
  if (!landlordId) throw new Error("alice pays rent to a counterpart");
  rent = all.filter((t) => t.counterpartId === landlordId);
  const named = await call(counterpartRoute.PATCH, "PATCH", "x", {
    headers: alice.headers,
    params: { counterpartId: landlordId },
    body: { alias: "Huisbaas" },
  });
  expect(named.status).toBe(200);
});

describe("a counterpart's alias, wherever its transactions are", () => {
  it("each transaction carries the name as set up, and keeps the bank's", async () => {
    const shown = (await everyTransaction()).filter((t) => rent.some((r) => r.id === t.id));
    expect(shown.length).toBe(rent.length);
    for (const t of shown) {
      expect(t.counterpartDisplayName).toBe("Huisbaas");
      expect(t.counterpartName).not.toBe("Huisbaas");
    }
  });

  it("search finds the transactions by the alias, and the totals count the same set", async () => {
    const found = (await list("filter[q]=huisbaas")).json.data;
    console.log(JSON.stringify(found.filter((f) => !rent.some((r) => r.id === f.id)).slice(0, 2), null, 1));
    expect(found.map((t) => t.id).sort()).toEqual(rent.map((t) => t.id).sort());
    const totals = await call<{ data: { count: number } }>(totalsRoute.GET, "GET", "x", {
      headers: alice.headers,
      params: { id: alice.current.id },
      query: "filter[q]=huisbaas",
    });
    expect(totals.json.data.count).toBe(rent.length);
  });

  it("search finds a transaction by its amount, typed with a dot or a comma", async () => {
    const amount = rent[0].amount.replace("-", "");
    for (const typed of [amount, amount.replace(".", ",")]) {
      const found = (await list(`filter[q]=${encodeURIComponent(typed)}`)).json.data;
      expect(found.map((t) => t.id)).toContain(rent[0].id);
      expect(found.every((t) => t.amount.replace("-", "") === amount || JSON.stringify(t).includes(typed))).toBe(true);
    }
  });

  it("the CSV has the name as shown, the bank's name, and the account's name and IBAN", async () => {
    const res = await csv("filter[q]=huisbaas");
    expect(res.status).toBe(200);
    const lines = res.text.trimEnd().split("\r\n");
    const header = lines[0].split(",");
    for (const column of ["counterpartName", "bankCounterpartName", "accountName", "accountIban"])
      expect(header).toContain(column);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows.length).toBe(rent.length);
    const at = (row: string[], column: string) => row[header.indexOf(column)];
    for (const row of rows) {
      expect(at(row, "counterpartName")).toBe("Huisbaas");
      expect(at(row, "bankCounterpartName")).toBe(rent[0].counterpartName);
      expect(at(row, "accountIban")).toBe(alice.current.iban);
    }
  });
});

describe("the CSV for a spreadsheet", () => {
  it("starts with a UTF-8 byte order mark and is named after the account and the range", async () => {
    // The route itself, read as bytes (a text decoder would swallow the mark).
    const request = new Request("http://localhost/x?filter[fromDate]=2025-01-01&filter[toDate]=2025-06-30", {
      headers: alice.headers,
    });
    const res = await csvRoute.GET(request, { params: Promise.resolve({ id: alice.current.id }) });
    expect(res.status).toBe(200);
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const disposition = res.headers.get("content-disposition") ?? "";
    const last4 = (alice.current.iban ?? "").slice(-4);
    expect(disposition).toMatch(new RegExp(`filename="[a-z0-9-]+-${last4}-2025-01-01-to-2025-06-30\\.csv"`));
  });

  it("format=excel-eu: semicolons and a decimal comma, so a Belgian, French or German Excel opens columns", async () => {
    const res = await csv("format=excel-eu&filter[q]=huisbaas");
    expect(res.status).toBe(200);
    const lines = res.text.trimEnd().split("\r\n");
    const header = lines[0].split(";");
    expect(header.slice(0, 6)).toEqual(["date", "bookingDate", "valueDate", "status", "amount", "currency"]);
    const amounts = lines.slice(1).map((l) => l.split(";")[4]);
    expect(amounts).toEqual((await list("filter[q]=huisbaas")).json.data.map((t) => t.amount.replace(".", ",")));
  });
});
