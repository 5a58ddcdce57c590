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
