// The clients search matches its text literally: `%`, `_` and `\` are not LIKE wildcards (they used
// to match every client). The contains-searches have trigram indexes (pg_trgm).
import { describe, expect, it } from "vitest";
import * as clients from "@/app/api/clients/v1/route";
import { pool } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";

describe("clients search", () => {
  it("treats %, _ and \\ as plain characters, case-insensitively", async () => {
    const p = await makePerson();
    const headers = bearer(p.token, p.scopeId);
    for (const displayName of ["100% Organic", "a_b Trading", "Back\\slash Ltd", "Plain Company"]) {
      expect(
        (
          await call(clients.POST, "POST", "/api/clients/v1", {
            headers,
            body: { type: "company", displayName, countryCode: "BE" },
          })
        ).status,
      ).toBe(201);
    }
    const names = async (search: string) =>
      (
        await call<{ data: { displayName: string }[] }>(clients.GET, "GET", "/api/clients/v1", {
          headers,
          query: `search=${encodeURIComponent(search)}`,
        })
      ).json.data.map((c) => c.displayName);
    expect(await names("%")).toEqual(["100% Organic"]);
    expect(await names("_")).toEqual(["a_b Trading"]);
    expect(await names("\\")).toEqual(["Back\\slash Ltd"]);
    expect(await names("a%b")).toEqual([]);
    expect(await names("ORGANIC")).toEqual(["100% Organic"]);
  });

  it("client names, counterpart names and aliases and the transactions' searched text have trigram indexes", async () => {
    const { rows } = await pool().query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname",
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      "clients_display_name_trgm",
      "counterparts_alias_trgm",
      "counterparts_name_trgm",
      "transactions_search_idx",
    ]);
  });
});
