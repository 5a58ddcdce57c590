// Dataset profiles through the real route handlers and PostgreSQL: validation (422 details with
// camelCase keys) on create (permissions, isolation, PUT/DELETE/filters: profiles-access.integration.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import * as profilesRoute from "@/app/api/datasets/v1/profiles/route";
import { prisma } from "@/lib/db/client";
import { createProfile, globalProfile, type ErrorBody } from "@/testing/support/datasets/profile-helpers";
import { makePerson, twoTenants } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

let t: Awaited<ReturnType<typeof twoTenants>>;
beforeAll(async () => (t = await twoTenants()));

const details = async (body: unknown) => {
  const res = await createProfile(t.a.token, t.a.scopeId, body);
  expect(res.status).toBe(422);
  expect(res.json.error.code).toBe("validation_failed");
  return res.json.error.details ?? {};
};

describe("POST /profiles", () => {
  it("creates a profile: 201, camelCase response, usageCount 0, is_default false by default, default provider order", async () => {
    const res = await createProfile(t.a.token, t.a.scopeId, globalProfile());
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      name: "Standard company check",
      scope: "global",
      subsetSelection: ["information", "financials"],
      providerPriorities: ["sandbox_registry", "gleif", "fr_recherche_entreprises", "no_brreg", "uk_companies_house"],
      isDefault: false,
      usageCount: 0,
    });
    expect(res.json.data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("entity and profession profiles carry their target fields", async () => {
    const entity = await createProfile(t.a.token, t.a.scopeId, {
      name: "Key client",
      scope: "entity",
      entity_type: "client",
      entity_id: "c-1",
      subset_selection: ["rating"],
      provider_priorities: ["gleif", "sandbox_registry"],
    });
    expect(entity.status).toBe(201);
    expect(entity.json.data).toMatchObject({
      scope: "entity",
      entityType: "client",
      entityId: "c-1",
      providerPriorities: ["gleif", "sandbox_registry"],
    });
    const profession = await createProfile(t.a.token, t.a.scopeId, {
      name: "Notaries",
      scope: "profession",
      profession: "notary",
      subset_selection: ["information"],
    });
    expect(profession.status).toBe(201);
    expect(profession.json.data).toMatchObject({ scope: "profession", profession: "notary", subProfession: null });
  });

  it("name is required", async () => {
    expect(await details(globalProfile({ name: undefined }))).toHaveProperty("name");
    expect(await details(globalProfile({ name: "   " }))).toHaveProperty("name");
  });

  it("scope must be global, entity or profession", async () => {
    expect((await details(globalProfile({ scope: "team" }))).scope?.[0]).toMatch(/global, entity, profession/);
    expect(await details(globalProfile({ scope: undefined }))).toHaveProperty("scope");
  });

  it("entity needs entity_type and entity_id; profession needs profession", async () => {
    const entity = await details(globalProfile({ scope: "entity" }));
    expect(entity.entityType?.[0]).toMatch(/required with scope entity/);
    expect(entity.entityId?.[0]).toMatch(/required with scope entity/);
    expect(await details(globalProfile({ scope: "entity", entity_type: "client" }))).toHaveProperty("entityId");
    expect((await details(globalProfile({ scope: "profession" }))).profession?.[0]).toMatch(
      /required with scope profession/,
    );
  });

  it("fields of another scope are rejected", async () => {
    const d = await details(globalProfile({ entity_type: "client", profession: "notary" }));
    expect(d.entityType).toEqual(["Not allowed with scope global; remove it"]);
    expect(d.profession).toEqual(["Not allowed with scope global; remove it"]);
    const p = await details(globalProfile({ scope: "profession", profession: "notary", entity_id: "x" }));
    expect(p.entityId?.[0]).toMatch(/Not allowed with scope profession/);
    const e = await details(
      globalProfile({ scope: "entity", entity_type: "client", entity_id: "1", sub_profession: "x" }),
    );
    expect(e.subProfession?.[0]).toMatch(/Not allowed with scope entity/);
  });

  it("subset_selection must be non-empty, without duplicates, of registered subset types (reported as subsetSelection)", async () => {
    expect(await details(globalProfile({ subset_selection: undefined }))).toHaveProperty("subsetSelection");
    expect((await details(globalProfile({ subset_selection: [] }))).subsetSelection?.[0]).toMatch(/at least one/);
    expect((await details(globalProfile({ subset_selection: ["rating", "rating"] }))).subsetSelection?.[0]).toMatch(
      /more than once/,
    );
    const unknown = await details(globalProfile({ subset_selection: ["information", "horoscope"] }));
    expect(unknown.subsetSelection?.[0]).toMatch(/Not a registered subset type: horoscope/);
    expect(Object.keys(unknown).some((k) => k.includes("_"))).toBe(false);
  });

  it("provider_priorities must name known providers without duplicates", async () => {
    expect((await details(globalProfile({ provider_priorities: ["acme"] }))).providerPriorities?.[0]).toMatch(
      /Unknown provider: acme/,
    );
    expect((await details(globalProfile({ provider_priorities: ["gleif", "gleif"] }))).providerPriorities?.[0]).toMatch(
      /more than once/,
    );
    expect(await details(globalProfile({ provider_priorities: [] }))).toHaveProperty("providerPriorities");
  });

  it("is_default must be a boolean; unknown fields are rejected; all problems are reported at once", async () => {
    const d = await details({ scope: "entity", is_default: "yes", colour: "red", subset_selection: [] });
    expect(d.isDefault).toBeDefined();
    expect(d.colour).toEqual(["Unknown field; remove it."]);
    expect(Object.keys(d)).toEqual(expect.arrayContaining(["name", "subsetSelection", "entityType", "entityId"]));
  });

  it("malformed JSON is 400, not 500", async () => {
    const res = await call<ErrorBody>(profilesRoute.POST, "POST", "/api/datasets/v1/profiles", {
      headers: { ...bearer(t.a.token, t.a.scopeId), "content-type": "application/json" },
      rawBody: "{nope",
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("bad_request");
  });

  it("an empty subset-type registry is a 422 that says no profile can be built yet", async () => {
    const lonely = await makePerson("unprovisioned");
    await prisma().subsetType.deleteMany({ where: { scopeId: lonely.scopeId } });
    const res = await createProfile(lonely.token, lonely.scopeId, globalProfile());
    expect(res.status).toBe(422);
    expect(res.json.error.details?.subsetSelection?.[0]).toMatch(/no profile can be built yet/);
    expect(res.json.error.message).toMatch(/provisioning gap/);
  });
});
