// Company lookup: which profile applies (entity, then profession, then global default), usage
// counting, permissions, and the datasets registry (fallback between providers: lookup-fallback.integration.test.ts).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as subsetTypesRoute from "@/app/api/datasets/v1/subset-types/route";
import * as datasetsRoute from "@/app/api/datasets/v1/route";
import * as oneDataset from "@/app/api/datasets/v1/[id]/route";
import { prisma } from "@/lib/db/client";
import { createProfile, globalProfile, lookupAs } from "@/testing/support/datasets/profile-helpers";
import { withSandboxRegistry } from "@/testing/support/datasets/sandbox-registry";
import { makeAppToken, makePerson, twoTenants } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

let t: Awaited<ReturnType<typeof twoTenants>>;
withSandboxRegistry();

const lookup = (query: string, token = t.a.token, scopeId = t.a.scopeId) => lookupAs(token, scopeId, query);

beforeAll(async () => {
  t = await twoTenants();
});

describe("GET /api/companies/v1/lookup", () => {
  it("without any applicable profile answers 409 conflict and says what to do", async () => {
    const res = await lookup("country=BE&number=0403.170.701");
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/global default/);
  });

  it("resolves entity, then profession, then the global default; counts each use", async () => {
    const mk = (body: Record<string, unknown>) =>
      createProfile(t.a.token, t.a.scopeId, { is_default: true, provider_priorities: ["sandbox_registry"], ...body });
    const g = await mk(globalProfile({ name: "Global", subset_selection: ["information"] }));
    await mk({
      name: "Lawyers",
      scope: "profession",
      profession: "lawyer",
      subset_selection: ["information", "rating"],
    });
    await mk({
      name: "Tax lawyers",
      scope: "profession",
      profession: "lawyer",
      sub_profession: "tax",
      subset_selection: ["rating"],
    });
    await mk({
      name: "Client 42",
      scope: "entity",
      entity_type: "client",
      entity_id: "42",
      subset_selection: ["shareholders"],
    });
    const base = "country=BE&number=0403.170.701";
    const cases: [string, string, string, string[]][] = [
      [
        `${base}&entityType=client&entityId=42&profession=lawyer&subProfession=tax`,
        "Client 42",
        "entity",
        ["shareholders"],
      ],
      [
        `${base}&entityType=client&entityId=7&profession=lawyer&subProfession=tax`,
        "Tax lawyers",
        "sub_profession",
        ["rating"],
      ],
      [`${base}&profession=lawyer`, "Lawyers", "profession", ["information", "rating"]],
      [`${base}&profession=notary`, "Global", "global", ["information"]],
      [base, "Global", "global", ["information"]],
    ];
    for (const [query, name, matchedBy, subsets] of cases) {
      const res = await lookup(query);
      expect(res.status, query).toBe(200);
      expect(res.json.data.profile).toMatchObject({ name, matchedBy });
      expect(res.json.data.subsets.map((s) => [s.subset, s.status, s.provider])).toEqual(
        subsets.map((s) => [s, "served", "sandbox_registry"]),
      );
    }
    expect((await prisma().datasetProfile.findUnique({ where: { id: g.json.data.id } }))?.usageCount).toBe(2);
  });

  it("the same number always yields the same company; a member App token may look up, a viewer may not", async () => {
    const first = await lookup("country=be&number=0403170701", t.app.token);
    const second = await lookup("country=BE&number=0403.170.701");
    expect(first.status).toBe(200);
    expect(first.json.data.subsets[0].data).toEqual(second.json.data.subsets[0].data);
    expect((await lookup("country=BE&number=0403170701", t.viewer.token)).status).toBe(403);
    const viewerKey = await makeAppToken(t.a.scopeId, "viewer");
    expect((await lookup("country=BE&number=0403170701", viewerKey.token)).status).toBe(403);
  });

  it("validates the query (422, camelCase keys) and never answers 500 for bad input", async () => {
    const res = await lookup("country=Belgium&entityType=client&subProfession=tax&colour=red");
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.details ?? {}).sort()).toEqual([
      "colour",
      "country",
      "entityId",
      "number",
      "profession",
    ]);
    expect((await lookup(`country=BE&number=1&profileId=${randomUUID()}`)).status).toBe(404);
  });

  it("checks the number's format and check digits before asking providers (422 on number, use not counted)", async () => {
    const before = await lookup("country=BE&number=0403.170.701");
    expect(before.status).toBe(200);
    const used = before.json.data.profile.usageCount;
    const typo = await lookup("country=BE&number=0403.170.702");
    expect(typo.status).toBe(422);
    expect(typo.json.error.details?.number).toEqual([
      "0403.170.702 is not a valid Belgian enterprise number: its check number (the last two digits) does not match the rest of the number. Check it for a typo.",
    ]);
    const short = await lookup("country=NL&number=1234567");
    expect(short.json.error.details?.number).toEqual(["A Dutch KvK number has 8 digits, like 34567890."]);
    expect((await lookup("country=FR&number=732829321")).status).toBe(422);
    expect((await lookup("country=BE&number=0403.170.701")).json.data.profile.usageCount).toBe(used + 1);
  });

  it("a profile of another scope cannot be applied explicitly (404)", async () => {
    const theirs = await createProfile(t.b.token, t.b.scopeId, globalProfile());
    expect((await lookup(`country=BE&number=0403170701&profileId=${theirs.json.data.id}`)).status).toBe(404);
  });
});

describe("datasets and subset types", () => {
  it("lists the registry; App tokens and viewers can read it; another scope's dataset is 404", async () => {
    const types = await call<{ data: { key: string; providers: string[] }[] }>(
      subsetTypesRoute.GET,
      "GET",
      "/api/datasets/v1/subset-types",
      { headers: bearer(t.viewer.token, t.a.scopeId) },
    );
    expect(types.status).toBe(200);
    expect(types.json.data.map((x) => x.key)).toEqual([
      "information",
      "financials",
      "rating",
      "shareholders",
      "officers",
    ]);
    expect(types.json.data[0].providers).toEqual([
      "sandbox_registry",
      "gleif",
      "fr_recherche_entreprises",
      "no_brreg",
      "uk_companies_house",
    ]);
    const viewerKey = await makeAppToken(t.a.scopeId, "viewer");
    const list = await call<{ data: { id: string; key: string; subsetTypes: unknown[] }[] }>(
      datasetsRoute.GET,
      "GET",
      "/api/datasets/v1",
      { headers: bearer(viewerKey.token, t.a.scopeId) },
    );
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(1);
    expect(list.json.data[0]).toMatchObject({ key: "company" });
    const id = list.json.data[0].id;
    const mine = await call(oneDataset.GET, "GET", `/api/datasets/v1/${id}`, {
      headers: bearer(t.a.token, t.a.scopeId),
      params: { id },
    });
    expect(mine.status).toBe(200);
    const foreign = await call(oneDataset.GET, "GET", `/api/datasets/v1/${id}`, {
      headers: bearer(t.b.token, t.b.scopeId),
      params: { id },
    });
    expect(foreign.status).toBe(404);
  });

  it("an unprovisioned scope lists no subset types (and other scopes are unaffected)", async () => {
    const lonely = await makePerson("empty-registry");
    await prisma().subsetType.deleteMany({ where: { scopeId: lonely.scopeId } });
    const res = await call<{ data: unknown[] }>(subsetTypesRoute.GET, "GET", "/api/datasets/v1/subset-types", {
      headers: bearer(lonely.token, lonely.scopeId),
    });
    expect(res.json.data).toEqual([]);
    expect(await prisma().subsetType.count({ where: { scopeId: t.a.scopeId } })).toBe(5);
  });
});
