// Provider fallback with in-memory providers: priority order, asking each provider once, and the
// reasons reported for every provider that did not serve a subset.
import { describe, expect, it } from "vitest";
import { fetchSubsets } from "@/lib/datasets/fetch-subsets";
import type { CompanyDataProvider, KnownSubset } from "@/lib/datasets/providers/types";
import { ProviderError } from "@/lib/provider-errors";

const rating = { score: 70, band: "B", assessedOn: "2026-01-02" };
function provider(
  id: string,
  subsets: KnownSubset[],
  behaviour: "serve" | "fail" | "empty" | "crash",
  calls: string[][] = [],
): CompanyDataProvider {
  return {
    id,
    name: id,
    isEnabled: true,
    subsets,
    countries: null,
    fetch: (_q, asked) => {
      calls.push(asked);
      if (behaviour === "fail") return Promise.reject(new ProviderError("unavailable", "down"));
      if (behaviour === "crash") return Promise.reject(new TypeError("boom"));
      const subsets = Object.fromEntries(asked.map((s) => [s, behaviour === "serve" ? rating : null]));
      return Promise.resolve({ subsets, recordUrl: null });
    },
  };
}
const query = { country: "BE", number: "1" };

describe("fetchSubsets", () => {
  it("takes each subset from the first provider in priority order that has it", async () => {
    const calls: string[][] = [];
    const result = await fetchSubsets(
      query,
      ["rating", "financials"],
      ["a", "b"],
      [provider("b", ["rating", "financials"], "serve", calls), provider("a", ["rating"], "serve")],
    );
    expect(result.map((r) => r.provider)).toEqual(["a", "b"]);
    expect(calls).toEqual([["financials"]]);
  });

  it("falls back when a provider fails, crashes or has no data, and reports why", async () => {
    const result = await fetchSubsets(
      query,
      ["rating"],
      ["x", "y", "z", "w"],
      [
        provider("x", ["rating"], "fail"),
        provider("y", ["rating"], "crash"),
        provider("z", ["rating"], "empty"),
        provider("w", ["rating"], "serve"),
      ],
    );
    expect(result[0].provider).toBe("w");
    expect(result[0].attempts.map((a) => a.outcome)).toEqual(["failed", "failed", "not_found", "served"]);
    expect(result[0].attempts[0].reason).toBe("unavailable: down");
  });

  it("skips disabled, unconfigured and out-of-country providers; a subset nobody serves is unavailable", async () => {
    const off = { ...provider("off", ["rating"], "serve"), isEnabled: false };
    const foreign = { ...provider("nl", ["rating"], "serve"), countries: ["NL"] };
    const result = await fetchSubsets(query, ["rating", "horoscope"], ["off", "ghost", "nl"], [off, foreign]);
    expect(result[0]).toMatchObject({ status: "unavailable", provider: null, data: null });
    expect(result[0].attempts.map((a) => a.reason)).toEqual([
      "switched off by configuration",
      "not configured on this server",
      "does not cover country BE",
    ]);
    expect(result[1].status).toBe("unavailable");
  });
});

describe("fetchSubsets in parallel", () => {
  const info = (lei: string | null) => ({
    legalName: "Arval Service Lease",
    legalForm: null,
    status: "active" as const,
    statusDetail: null,
    registrationNumber: "352256424",
    registrationAuthority: null,
    registeredAddress: null,
    foundedOn: null,
    lei,
  });

  it("asks every first-in-line provider at once, each once for all its subsets, and says when and where from", async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = (id: string, subsets: KnownSubset[]): CompanyDataProvider => ({
      ...provider(id, subsets, "serve"),
      fetch: async (_q, asked) => {
        started.push(`${id}:${asked.join("+")}`);
        if (started.length === 2) release();
        await gate;
        return { subsets: Object.fromEntries(asked.map((s) => [s, rating])), recordUrl: `https://${id}.example/r` };
      },
    });
    const result = await fetchSubsets(
      query,
      ["rating", "financials", "officers"],
      ["a", "b"],
      [slow("a", ["rating", "officers"]), slow("b", ["financials", "rating"])],
    );
    // Both calls started before either answered (the gate opens on the second): they ran at once.
    expect(started.sort()).toEqual(["a:rating+officers", "b:financials"]);
    expect(result.map((r) => [r.provider, r.recordUrl])).toEqual([
      ["a", "https://a.example/r"],
      ["b", "https://b.example/r"],
      ["a", "https://a.example/r"],
    ]);
    expect(result.every((r) => r.fetchedAt instanceof Date)).toBe(true);
  });

  it("does not ask again, for a later subset, a provider that already failed in this lookup", async () => {
    const calls: string[][] = [];
    const result = await fetchSubsets(
      query,
      ["rating", "financials"],
      ["x", "y", "z"],
      [
        provider("x", ["rating"], "fail", calls),
        provider("y", ["financials"], "empty"),
        provider("z", ["rating", "financials"], "serve"),
      ],
    );
    expect(calls).toEqual([["rating"]]);
    expect(result.map((r) => r.provider)).toEqual(["z", "z"]);
    expect(result[1].attempts.map((a) => [a.provider, a.outcome])).toEqual([
      ["x", "skipped"],
      ["y", "not_found"],
      ["z", "served"],
    ]);
  });

  it("a switched-off provider's own reason is reported (a missing key, say)", async () => {
    const off = { ...provider("uk", ["rating"], "serve"), isEnabled: false, disabledReason: "THE_KEY is not set" };
    const result = await fetchSubsets(query, ["rating"], ["uk"], [off]);
    expect(result[0].attempts).toEqual([{ provider: "uk", outcome: "skipped", reason: "THE_KEY is not set" }]);
  });

  it("learns the LEI from a national record and asks GLEIF again with it", async () => {
    const seen: (string | null | undefined)[] = [];
    const national: CompanyDataProvider = {
      ...provider("fr", ["information"], "serve"),
      fetch: () => Promise.resolve({ subsets: { information: info("969500TESTLEI0000042") }, recordUrl: null }),
    };
    const gleif: CompanyDataProvider = {
      ...provider("gleif", ["shareholders"], "serve"),
      fetch: (q) => {
        seen.push(q.lei);
        if (!q.lei) return Promise.reject(new ProviderError("not_found", "no record registered as 352256424"));
        return Promise.resolve({ subsets: { shareholders: { shareholders: [] } }, recordUrl: null });
      },
    };
    const result = await fetchSubsets(
      { country: "FR", number: "352256424" },
      ["information", "shareholders"],
      ["fr", "gleif"],
      [national, gleif],
    );
    expect(seen).toEqual([undefined, "969500TESTLEI0000042"]);
    expect(result[1]).toMatchObject({ status: "served", provider: "gleif" });
    expect(result[1].attempts.map((a) => a.outcome)).toEqual(["skipped", "not_found", "served"]);
  });
});
