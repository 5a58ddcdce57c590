// The lookup's kept answers: a lookup within a subset's freshness calls no provider, refresh=true
// and an answer past its freshness do, a kept answer counts only while its provider is still in the
// profile's order, and no tenant reads another's. Also a lookup by LEI alone. In-memory providers
// that count their calls, the real database and the real provider guard.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { lookupCompany } from "@/lib/datasets/lookup";
import { resetProviderGuard } from "@/lib/datasets/provider-guard-store";
import type { CompanyDataProvider, KnownSubset, ProviderResult } from "@/lib/datasets/providers/types";
import type { LookupInput } from "@/lib/datasets/schemas";
import { apiErrorOf } from "@/lib/errors";
import { ProviderError } from "@/lib/provider-errors";
import { makePerson } from "@/testing/support/fixtures";

const ARVAL = { country: "FR", number: "352256424" };
const LEI = "R0MUWSFPU8MPRO8K5P83";
const information = (lei: string | null) => ({
  legalName: "Arval Service Lease",
  legalForm: "SA",
  status: "active" as const,
  statusDetail: null,
  registrationNumber: "352256424",
  registrationAuthority: null,
  registeredAddress: {
    lines: ["22 rue des Deux Gares"],
    postalCode: "92500",
    city: "Rueil-Malmaison",
    region: null,
    country: "FR",
  },
  foundedOn: null,
  lei,
});
const financials = {
  currency: "EUR",
  fiscalYearEnd: "2025-12-31",
  revenue: "1000.00",
  netResult: "10.00",
  equity: null,
  totalAssets: null,
  employees: null,
};

type Counting = { provider: CompanyDataProvider; calls: { lei: string | null | undefined; subsets: KnownSubset[] }[] };

function counting(id: string, answer: ProviderResult, countries: string[] | null = null): Counting {
  const calls: Counting["calls"] = [];
  const subsets = Object.keys(answer) as KnownSubset[];
  return {
    calls,
    provider: {
      id,
      name: id,
      isEnabled: true,
      subsets,
      countries,
      fetch: (query, asked) => {
        calls.push({ lei: query.lei, subsets: asked });
        if (!query.number && !query.lei) return Promise.reject(new ProviderError("not_found", "nothing to read"));
        const result = Object.fromEntries(asked.map((s) => [s, answer[s] ?? null]));
        return Promise.resolve({ subsets: result, recordUrl: `https://${id}.example/${query.number || query.lei}` });
      },
    },
  };
}

async function globalDefault(scopeId: string, subsets: string[], priorities: string[]) {
  return prisma().datasetProfile.create({
    data: {
      scopeId,
      name: "Company check",
      target: "global",
      isDefault: true,
      subsetSelection: subsets,
      providerPriorities: priorities,
    },
  });
}

let france: Counting;
let norway: Counting;
const providers = () => [france.provider, norway.provider];
const lookup = (scopeId: string, input: Partial<LookupInput> = {}) =>
  lookupCompany(prisma(), scopeId, { ...ARVAL, ...input }, providers());

beforeEach(async () => {
  france = counting("fr_recherche_entreprises", { information: information(null), financials }, ["FR"]);
  // A second provider that serves everything: where a subset goes when France is not in the order.
  norway = counting("no_brreg", { information: information(null), financials });
  await resetProviderGuard("fr_recherche_entreprises");
  await resetProviderGuard("no_brreg");
});

describe("kept answers", () => {
  let scopeId: string;
  beforeAll(async () => {
    scopeId = (await makePerson("cache")).scopeId;
    await globalDefault(scopeId, ["information", "financials"], ["fr_recherche_entreprises", "no_brreg"]);
  });

  it("within their freshness a lookup calls no provider; refresh=true calls again; past it, one call", async () => {
    const first = await lookup(scopeId);
    expect(france.calls).toHaveLength(1);
    expect(first.subsets.map((s) => [s.subset, s.provider, s.cached, s.recordUrl])).toEqual([
      ["information", "fr_recherche_entreprises", false, "https://fr_recherche_entreprises.example/352256424"],
      ["financials", "fr_recherche_entreprises", false, "https://fr_recherche_entreprises.example/352256424"],
    ]);
    // The same company however its number is written: a SIRET of it, with spaces.
    const second = await lookup(scopeId, { number: "352 256 424 00016" });
    expect(france.calls).toHaveLength(1);
    expect(second.subsets.map((s) => [s.cached, s.fetchedAt])).toEqual(first.subsets.map((s) => [true, s.fetchedAt]));
    expect(second.subsets[0].data).toEqual(first.subsets[0].data);

    await lookup(scopeId, { refresh: true });
    expect(france.calls).toHaveLength(2);

    // Information is kept a day, financials a week: two days on, only information is asked again.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await prisma().companyDataSnapshot.updateMany({ where: { scopeId }, data: { fetchedAt: twoDaysAgo } });
    const later = await lookup(scopeId);
    expect(france.calls.at(-1)?.subsets).toEqual(["information"]);
    expect(later.subsets.map((s) => s.cached)).toEqual([false, true]);
  });

  it("a kept answer counts only while its provider is in the profile's order: a change applies to the next lookup", async () => {
    await lookup(scopeId);
    const before = france.calls.length;
    await prisma().datasetProfile.updateMany({ where: { scopeId }, data: { providerPriorities: ["no_brreg"] } });
    const after = await lookup(scopeId);
    expect(france.calls).toHaveLength(before);
    expect(norway.calls).toHaveLength(1);
    expect(after.subsets.map((s) => [s.provider, s.cached])).toEqual([
      ["no_brreg", false],
      ["no_brreg", false],
    ]);
    await prisma().datasetProfile.updateMany({
      where: { scopeId },
      data: { providerPriorities: ["fr_recherche_entreprises", "no_brreg"] },
    });
  });

  it("no tenant reads another's kept answers", async () => {
    await lookup(scopeId);
    const other = (await makePerson("cache-other")).scopeId;
    await globalDefault(other, ["information", "financials"], ["fr_recherche_entreprises", "no_brreg"]);
    const calls = france.calls.length;
    const theirs = await lookup(other);
    expect(france.calls).toHaveLength(calls + 1);
    expect(theirs.subsets.every((s) => !s.cached)).toBe(true);
    const mine = await prisma().companyDataSnapshot.count({ where: { scopeId } });
    expect(await prisma().companyDataSnapshot.count({ where: { scopeId: other } })).toBe(2);
    // The other tenant's lookup wrote its own answers and left this one's as they were.
    await lookup(other);
    expect(await prisma().companyDataSnapshot.count({ where: { scopeId } })).toBe(mine);
  });
});

describe("a lookup by LEI alone", () => {
  let scopeId: string;
  beforeAll(async () => {
    scopeId = (await makePerson("by-lei")).scopeId;
    await globalDefault(scopeId, ["information", "financials", "shareholders"], ["fr_recherche_entreprises", "gleif"]);
  });

  it("GLEIF's record gives the national number and country; the national register serves the rest", async () => {
    await resetProviderGuard("gleif");
    const parents = { shareholders: [] };
    const gleif = counting("gleif", {
      information: information(LEI),
      shareholders: { shareholders: parents.shareholders },
    });
    gleif.provider.subsets = ["information", "shareholders"];
    const result = await lookupCompany(prisma(), scopeId, { lei: LEI.toLowerCase() }, [
      france.provider,
      gleif.provider,
    ]);
    expect(result.company).toEqual({ country: "FR", number: "352256424", lei: LEI });
    expect(gleif.calls[0]).toEqual({ lei: LEI, subsets: ["information"] });
    expect(france.calls).toEqual([{ lei: LEI, subsets: ["information", "financials"] }]);
    expect(result.subsets.map((s) => s.provider)).toEqual([
      "fr_recherche_entreprises",
      "fr_recherche_entreprises",
      "gleif",
    ]);
  });

  it("a mistyped LEI is refused before any provider is asked", async () => {
    const error = await lookupCompany(prisma(), scopeId, { lei: "R0MUWSFPU8MPRO8K5P84" }, providers()).catch(
      (e: unknown) => e,
    );
    expect(apiErrorOf(error)?.details?.lei).toEqual([
      "R0MUWSFPU8MPRO8K5P84 is not a valid LEI: its check digits (the last two) do not match. Check it for a typo.",
    ]);
    expect(france.calls).toHaveLength(0);
  });
});
