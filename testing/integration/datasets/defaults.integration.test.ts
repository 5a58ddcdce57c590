// One default per target, under concurrent requests, and the usage counter under parallel
// increments, through the real route handlers on the real PostgreSQL.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as oneProfile from "@/app/api/datasets/v1/profiles/[id]/route";
import * as increment from "@/app/api/datasets/v1/profiles/[id]/increment-usage/route";
import { prisma } from "@/lib/db/client";
import { createProfile, globalProfile, type ProfileBody } from "@/testing/support/datasets/profile-helpers";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

let admin: Awaited<ReturnType<typeof makePerson>>;
const defaults = (where: Record<string, unknown>) =>
  prisma().datasetProfile.findMany({ where: { scopeId: admin.scopeId, isDefault: true, ...where } });

beforeAll(async () => {
  admin = await makePerson("default-admin");
});

describe("one default per target", () => {
  it("setting a new global default clears the old one", async () => {
    const first = await createProfile(admin.token, admin.scopeId, globalProfile({ name: "First", is_default: true }));
    const second = await createProfile(admin.token, admin.scopeId, globalProfile({ name: "Second", is_default: true }));
    expect([first.status, second.status]).toEqual([201, 201]);
    const now = await defaults({ target: "global" });
    expect(now.map((p) => p.name)).toEqual(["Second"]);
  });

  it("10 parallel creates of a default for one entity leave exactly one default; other targets keep theirs", async () => {
    const entityId = randomUUID();
    const other = await createProfile(admin.token, admin.scopeId, {
      name: "Other entity",
      scope: "entity",
      entity_type: "client",
      entity_id: "other",
      subset_selection: ["information"],
      is_default: true,
    });
    expect(other.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createProfile(admin.token, admin.scopeId, {
          name: `Racer ${i}`,
          scope: "entity",
          entity_type: "client",
          entity_id: entityId,
          subset_selection: ["information"],
          is_default: true,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await defaults({ target: "entity", entityId })).toHaveLength(1);
    expect(await prisma().datasetProfile.count({ where: { scopeId: admin.scopeId, entityId } })).toBe(10);
    expect(await defaults({ target: "entity", entityId: "other" })).toHaveLength(1);
  });

  it("parallel PUTs promoting different profiles of one profession leave exactly one default", async () => {
    const profession = `prof-${randomUUID()}`;
    const body = (name: string, isDefault: boolean) => ({
      name,
      scope: "profession",
      profession,
      sub_profession: "audit",
      subset_selection: ["rating"],
      is_default: isDefault,
    });
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createProfile(admin.token, admin.scopeId, body(`P${i}`, false))),
    );
    const puts = await Promise.all(
      created.map((c, i) =>
        call<ProfileBody>(oneProfile.PUT, "PUT", `/api/datasets/v1/profiles/${c.json.data.id}`, {
          headers: bearer(admin.token, admin.scopeId),
          params: { id: c.json.data.id },
          body: body(`P${i}`, true),
        }),
      ),
    );
    expect(puts.map((p) => p.status)).toEqual(Array(6).fill(200));
    expect(await defaults({ profession, subProfession: "audit" })).toHaveLength(1);
  });

  it("the partial unique index refuses a second default even when the application is bypassed", async () => {
    const profession = `guard-${randomUUID()}`;
    const row = {
      scopeId: admin.scopeId,
      name: "x",
      target: "profession" as const,
      profession,
      subsetSelection: ["information"],
      providerPriorities: ["gleif"],
      isDefault: true,
    };
    await prisma().datasetProfile.create({ data: row });
    await expect(prisma().datasetProfile.create({ data: row })).rejects.toThrow();
  });
});

describe("increment-usage", () => {
  it("50 parallel increments add exactly 50", async () => {
    const created = await createProfile(admin.token, admin.scopeId, globalProfile({ name: "Counted" }));
    const id = created.json.data.id;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call<ProfileBody>(increment.POST, "POST", `/api/datasets/v1/profiles/${id}/increment-usage`, {
          headers: bearer(admin.token, admin.scopeId),
          params: { id },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect((await prisma().datasetProfile.findUnique({ where: { id } }))?.usageCount).toBe(50);
  });

  it("a retried Idempotency-Key does not count twice; a viewer may not increment", async () => {
    const created = await createProfile(admin.token, admin.scopeId, globalProfile({ name: "Idempotent" }));
    const id = created.json.data.id;
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await call<ProfileBody>(increment.POST, "POST", `/api/datasets/v1/profiles/${id}/increment-usage`, {
        headers: { ...bearer(admin.token, admin.scopeId), "idempotency-key": key },
        params: { id },
      });
      expect(res.json.data.usageCount).toBe(1);
    }
    const viewer = await makePerson("viewer");
    await prisma().membership.create({ data: { scopeId: admin.scopeId, userId: viewer.userId, role: "viewer" } });
    const denied = await call(increment.POST, "POST", `/api/datasets/v1/profiles/${id}/increment-usage`, {
      headers: bearer(viewer.token, admin.scopeId),
      params: { id },
    });
    expect(denied.status).toBe(403);
  });
});
