// Dataset profiles through the real route handlers and PostgreSQL: permissions, tenant isolation,
// PUT, DELETE and the GET filters.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as profilesRoute from "@/app/api/datasets/v1/profiles/route";
import * as oneProfile from "@/app/api/datasets/v1/profiles/[id]/route";
import * as increment from "@/app/api/datasets/v1/profiles/[id]/increment-usage/route";
import { prisma } from "@/lib/db/client";
import {
  createProfile,
  globalProfile,
  tenantsWithMember,
  type ErrorBody,
  type ProfileBody,
} from "@/testing/support/datasets/profile-helpers";
import { bearer, call } from "@/testing/support/http";

let { t, member } = {} as Awaited<ReturnType<typeof tenantsWithMember>>;
beforeAll(async () => ({ t, member } = await tenantsWithMember()));

describe("permissions and scopes", () => {
  it("a viewer can read but not write (403)", async () => {
    const viewerPost = await createProfile(t.viewer.token, t.a.scopeId, globalProfile());
    expect(viewerPost.status).toBe(403);
    const list = await call(profilesRoute.GET, "GET", "/api/datasets/v1/profiles", {
      headers: bearer(t.viewer.token, t.a.scopeId),
    });
    expect(list.status).toBe(200);
  });

  it("a member may write ordinary profiles but not create, change or delete a default (403)", async () => {
    const ordinary = await createProfile(member.token, t.a.scopeId, globalProfile({ name: "Member's profile" }));
    expect(ordinary.status).toBe(201);
    const makeDefault = await createProfile(member.token, t.a.scopeId, globalProfile({ is_default: true }));
    expect(makeDefault.status).toBe(403);
    expect(makeDefault.json.error.code).toBe("forbidden");

    const adminDefault = await createProfile(
      t.a.token,
      t.a.scopeId,
      globalProfile({ scope: "profession", profession: `p-${randomUUID()}`, is_default: true }),
    );
    expect(adminDefault.status).toBe(201);
    const id = adminDefault.json.data.id;
    const edit = await call<ErrorBody>(oneProfile.PUT, "PUT", `/api/datasets/v1/profiles/${id}`, {
      headers: bearer(member.token, t.a.scopeId),
      params: { id },
      body: globalProfile({ name: "Changed" }),
    });
    expect(edit.status).toBe(403);
    const del = await call<ErrorBody>(oneProfile.DELETE, "DELETE", `/api/datasets/v1/profiles/${id}`, {
      headers: bearer(member.token, t.a.scopeId),
      params: { id },
    });
    expect(del.status).toBe(403);
    const promote = await call<ErrorBody>(oneProfile.PUT, "PUT", `/api/datasets/v1/profiles/${ordinary.json.data.id}`, {
      headers: bearer(member.token, t.a.scopeId),
      params: { id: ordinary.json.data.id },
      body: globalProfile({ is_default: true }),
    });
    expect(promote.status).toBe(403);
    expect((await prisma().datasetProfile.findUnique({ where: { id } }))?.name).toBe("Standard company check");
  });

  it("a profile of another scope is 404 for read, update, delete and increment — shaped like a missing id", async () => {
    const theirs = await createProfile(t.b.token, t.b.scopeId, globalProfile({ name: "B only" }));
    const id = theirs.json.data.id;
    const opts = { headers: bearer(t.a.token, t.a.scopeId), params: { id } };
    const results = [
      await call<ErrorBody>(oneProfile.GET, "GET", `/api/datasets/v1/profiles/${id}`, opts),
      await call<ErrorBody>(oneProfile.PUT, "PUT", `/api/datasets/v1/profiles/${id}`, {
        ...opts,
        body: globalProfile(),
      }),
      await call<ErrorBody>(oneProfile.DELETE, "DELETE", `/api/datasets/v1/profiles/${id}`, opts),
      await call<ErrorBody>(increment.POST, "POST", `/api/datasets/v1/profiles/${id}/increment-usage`, opts),
    ];
    const missing = randomUUID();
    const nothing = await call<ErrorBody>(oneProfile.GET, "GET", `/api/datasets/v1/profiles/${missing}`, {
      ...opts,
      params: { id: missing },
    });
    for (const r of results) {
      expect(r.status).toBe(404);
      expect(r.json.error).toEqual(nothing.json.error);
    }
    expect((await prisma().datasetProfile.findUnique({ where: { id } }))?.name).toBe("B only");
  });
});

describe("PUT, DELETE and GET filters", () => {
  it("PUT replaces the profile; DELETE answers 204 and the profile is gone", async () => {
    const created = await createProfile(t.a.token, t.a.scopeId, globalProfile({ name: "To edit" }));
    const id = created.json.data.id;
    const put = await call<ProfileBody>(oneProfile.PUT, "PUT", `/api/datasets/v1/profiles/${id}`, {
      headers: bearer(member.token, t.a.scopeId),
      params: { id },
      body: {
        name: "Edited",
        scope: "entity",
        entity_type: "client",
        entity_id: "42",
        subset_selection: ["shareholders"],
        provider_priorities: ["gleif"],
      },
    });
    expect(put.status).toBe(200);
    expect(put.json.data).toMatchObject({
      name: "Edited",
      scope: "entity",
      entityId: "42",
      subsetSelection: ["shareholders"],
      providerPriorities: ["gleif"],
    });
    const del = await call(oneProfile.DELETE, "DELETE", `/api/datasets/v1/profiles/${id}`, {
      headers: bearer(member.token, t.a.scopeId),
      params: { id },
    });
    expect(del.status).toBe(204);
    const gone = await call(oneProfile.GET, "GET", `/api/datasets/v1/profiles/${id}`, {
      headers: bearer(t.a.token, t.a.scopeId),
      params: { id },
    });
    expect(gone.status).toBe(404);
  });

  it("GET /profiles filters by scope and target fields; bad filters are 422 with camelCase keys", async () => {
    const profession = `filter-${randomUUID()}`;
    await createProfile(t.a.token, t.a.scopeId, {
      name: "F",
      scope: "profession",
      profession,
      sub_profession: "tax",
      subset_selection: ["rating"],
    });
    const res = await call<{ data: { profession: string; subProfession: string }[] }>(
      profilesRoute.GET,
      "GET",
      "/api/datasets/v1/profiles",
      {
        headers: bearer(t.app.token, t.a.scopeId),
        query: `scope=profession&profession=${profession}&sub_profession=tax`,
      },
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatchObject({ profession, subProfession: "tax" });
    const bad = await call<ErrorBody>(profilesRoute.GET, "GET", "/api/datasets/v1/profiles", {
      headers: bearer(t.a.token, t.a.scopeId),
      query: "is_default=maybe&scope=x",
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.error.details ?? {}).sort()).toEqual(["isDefault", "scope"]);
  });
});
