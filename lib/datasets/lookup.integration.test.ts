// Company lookup: which profile applies (entity, then profession, then global default), provider
// fallback (the real GLEIF provider against a local fake server), usage counting, permissions.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as lookupRoute from "@/app/api/companies/v1/lookup/route";
import * as subsetTypesRoute from "@/app/api/datasets/v1/subset-types/route";
import * as datasetsRoute from "@/app/api/datasets/v1/route";
import * as oneDataset from "@/app/api/datasets/v1/[id]/route";
import { prisma } from "@/lib/db/client";
import { lookupCompany } from "@/lib/datasets/lookup";
import { createGleifProvider } from "@/lib/datasets/providers/gleif-provider";
import { createSandboxRegistry } from "@/lib/datasets/providers/sandbox-registry";
import { createProfile, globalProfile, type ErrorBody } from "@/lib/datasets/testing/profile-helpers";
import { FAKE_GLEIF_NUMBER, startFakeGleif, type FakeGleif } from "@/lib/datasets/testing/fake-gleif";
import { makeAppToken, makePerson, twoTenants } from "@/lib/testing/fixtures";
import { bearer, call } from "@/lib/testing/http";

type Lookup = {
  profile: { id: string; name: string; matchedBy: string; usageCount: number };
  subsets: {
    subset: string;
    status: string;
    provider: string | null;
    data: Record<string, unknown> | null;
    attempts: { provider: string; outcome: string; reason: string | null }[];
  }[];
};

let t: Awaited<ReturnType<typeof twoTenants>>;
let fake: FakeGleif;

const lookup = (query: string, token = t.a.token, scopeId = t.a.scopeId) =>
  call<{ data: Lookup } & ErrorBody>(lookupRoute.GET, "GET", "/api/companies/v1/lookup", {
    headers: bearer(token, scopeId),
    query,
  });

beforeAll(async () => {
  t = await twoTenants();
  fake = await startFakeGleif();
});
afterAll(async () => fake.close());

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

describe("provider fallback with the real GLEIF provider against a local fake server", () => {
  let scopeId: string;
  let profileId: string;
  const providers = () => [
    createSandboxRegistry({ seed: "lookup-test" }),
    createGleifProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000, isEnabled: true }),
  ];
  const run = (country = "BE", number = FAKE_GLEIF_NUMBER) =>
    lookupCompany(prisma(), scopeId, { country, number, profileId }, providers());

  beforeAll(async () => {
    const admin = await makePerson("fallback");
    scopeId = admin.scopeId;
    const p = await createProfile(
      admin.token,
      scopeId,
      globalProfile({
        subset_selection: ["information", "financials", "shareholders"],
        provider_priorities: ["gleif", "sandbox_registry"],
      }),
    );
    profileId = p.json.data.id;
  });

  it("GLEIF serves information and shareholders; financials, which GLEIF lacks, fall back to the sandbox", async () => {
    fake.setMode("normal");
    const result = await run();
    const by = Object.fromEntries(result.subsets.map((s) => [s.subset, s]));
    expect(by.information.provider).toBe("gleif");
    expect(by.information.data).toMatchObject({ legalName: "Brouwerij Van Dijk NV", lei: "5493004LLDEMO0BE0042" });
    expect(by.shareholders.provider).toBe("gleif");
    expect(by.financials.provider).toBe("sandbox_registry");
    expect(by.financials.attempts).toEqual([
      { provider: "gleif", outcome: "skipped", reason: "does not provide financials" },
      { provider: "sandbox_registry", outcome: "served", reason: null },
    ]);
    expect(
      fake.requests.some(
        (r) =>
          r.includes("filter%5Bentity.registeredAs%5D=0403170701") ||
          r.includes("filter[entity.registeredAs]=0403170701"),
      ),
    ).toBe(true);
  });

  it("when GLEIF has no parent for this company, shareholders come from the sandbox", async () => {
    fake.setMode("no_parents");
    const result = await run();
    const shareholders = result.subsets.find((s) => s.subset === "shareholders");
    expect(shareholders?.provider).toBe("sandbox_registry");
    expect(shareholders?.attempts[0]).toMatchObject({ provider: "gleif", outcome: "not_found" });
  });

  it("when GLEIF fails, every subset falls back to the sandbox and the failure is reported", async () => {
    fake.setMode("failing");
    const result = await run();
    expect(result.subsets.every((s) => s.status === "served" && s.provider === "sandbox_registry")).toBe(true);
    const info = result.subsets.find((s) => s.subset === "information");
    expect(info?.attempts[0]).toMatchObject({ provider: "gleif", outcome: "failed" });
    expect(info?.attempts[0].reason).toMatch(/unavailable: GLEIF answered 503/);
  });

  it("a country the sandbox does not cover and GLEIF does not know leaves subsets unavailable, with reasons", async () => {
    fake.setMode("normal");
    const result = await run("PT", "500100144");
    for (const s of result.subsets) {
      expect(s.status).toBe("unavailable");
      expect(s.attempts.map((a) => a.provider)).toContain("sandbox_registry");
    }
    expect(result.subsets[1].attempts).toEqual([
      { provider: "gleif", outcome: "skipped", reason: "does not provide financials" },
      { provider: "sandbox_registry", outcome: "skipped", reason: "does not cover country PT" },
    ]);
  });

  it("GLEIF is switched off in the test environment, so the route never calls the internet", async () => {
    const admin = await makePerson("offline");
    await createProfile(
      admin.token,
      admin.scopeId,
      globalProfile({
        is_default: true,
        subset_selection: ["information"],
        provider_priorities: ["gleif", "sandbox_registry"],
      }),
    );
    const res = await lookup("country=BE&number=0403170701", admin.token, admin.scopeId);
    expect(res.json.data.subsets[0].attempts[0]).toEqual({
      provider: "gleif",
      outcome: "skipped",
      reason: "switched off by configuration",
    });
    expect(res.json.data.subsets[0].provider).toBe("sandbox_registry");
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
    expect(types.json.data.map((x) => x.key)).toEqual(["information", "financials", "rating", "shareholders"]);
    expect(types.json.data[0].providers).toEqual(["sandbox_registry", "gleif"]);
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
    expect(await prisma().subsetType.count({ where: { scopeId: t.a.scopeId } })).toBe(4);
  });
});
