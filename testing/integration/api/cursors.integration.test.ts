// Cursors through the real list routes: forged, tampered and foreign-list cursors answer 422
// naming `cursor` (a forged transactions cursor used to answer 500, the others 200); and perPage is
// decimal digits only (0x10, 1e1, +16 and " 16" used to read as 16 or 10, and "" as the default).
import { describe, expect, it } from "vitest";
import * as transactions from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as clients from "@/app/api/clients/v1/route";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";

type Page = { data: { id: string }[]; meta: { page: { nextCursor: string | null } } };
type ErrorBody = { error: { code: string; details?: Record<string, string[]> } };

describe("cursors on the wire", () => {
  it("refuses forged, tampered, other-list, other-account and other-filter cursors", async () => {
    const p = await makePerson();
    const headers = bearer(p.token, p.scopeId);
    const { accountId } = await storedAccount(p, 5);
    const { accountId: otherAccount } = await storedAccount(p, 5);
    for (const name of ["a", "b", "c"]) {
      await call(clients.POST, "POST", "/api/clients/v1", {
        headers,
        body: { type: "company", displayName: name, countryCode: "BE" },
      });
    }
    const txPage = (id: string, query: string) =>
      call<Page & ErrorBody>(transactions.GET, "GET", "x", { headers, params: { id }, query });
    const first = await txPage(accountId, "perPage=2");
    expect(first.status).toBe(200);
    const cursor = first.json.meta.page.nextCursor ?? "";
    const second = await txPage(accountId, `perPage=2&cursor=${cursor}`);
    expect(second.status).toBe(200);
    expect(second.json.data.map((t) => t.id)).not.toContain(first.json.data[0].id);

    const clientsPage = await call<Page>(clients.GET, "GET", "/api/clients/v1", { headers, query: "perPage=1" });
    const clientsCursor = clientsPage.json.meta.page.nextCursor ?? "";
    const [payload, mac] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify(["x", "y"])).toString("base64url");
    const tampered = `${Buffer.from(JSON.stringify(["2026-01-05", "00000000-0000-0000-0000-000000000000"])).toString("base64url")}.${mac}`;
    const refused = [
      [accountId, `cursor=${forged}`],
      [accountId, `cursor=${forged}.${mac}`],
      [accountId, `cursor=${tampered}`],
      // The MAC with its first character changed (every bit of it counts; the last one's low bits do not).
      [accountId, `cursor=${payload}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`],
      [accountId, `cursor=${clientsCursor}`],
      [otherAccount, `cursor=${cursor}`],
      [accountId, `cursor=${cursor}&filter[status]=pending`],
    ];
    for (const [id, query] of refused) {
      const res = await txPage(id, query);
      expect(res.status, query).toBe(422);
      expect(res.json.error.code).toBe("validation_failed");
      expect(Object.keys(res.json.error.details ?? {})).toEqual(["cursor"]);
    }
    const onClients = await call<ErrorBody>(clients.GET, "GET", "/api/clients/v1", {
      headers,
      query: `cursor=${cursor}`,
    });
    expect(onClients.status).toBe(422);
    const otherSearch = await call<ErrorBody>(clients.GET, "GET", "/api/clients/v1", {
      headers,
      query: `search=a&cursor=${clientsCursor}`,
    });
    expect(otherSearch.status).toBe(422);
  });
});

describe("perPage on the wire", () => {
  it("reads decimal digits; any other spelling is 422 validation_failed naming perPage", async () => {
    const p = await makePerson();
    const headers = bearer(p.token, p.scopeId);
    const { accountId } = await storedAccount(p, 20);
    const txPage = (query: string) =>
      call<Page & ErrorBody>(transactions.GET, "GET", "x", { headers, params: { id: accountId }, query });
    const sixteen = await txPage("perPage=16");
    expect(sixteen.status).toBe(200);
    expect(sixteen.json.data).toHaveLength(16);
    for (const form of ["0x10", "1e1", "%2B16", "16.0", "%2016", "", "16&perPage=16"]) {
      const res = await txPage(`perPage=${form}`);
      expect(res.status, form).toBe(422);
      expect(res.json.error.code).toBe("validation_failed");
      expect(Object.keys(res.json.error.details ?? {})).toEqual(["perPage"]);
    }
    const onClients = await call<ErrorBody>(clients.GET, "GET", "/api/clients/v1", { headers, query: "perPage=0x10" });
    expect([onClients.status, Object.keys(onClients.json.error.details ?? {})]).toEqual([422, ["perPage"]]);
  });
});
