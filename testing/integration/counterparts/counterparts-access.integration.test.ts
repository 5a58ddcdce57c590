// Who may do what with counterparts, on the sandbox `namesakes` user synced over HTTP: 404 across
// scopes, 403 for viewers and App tokens on changes, 422 on bad input.
import { describe, expect, it } from "vitest";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as familyRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/family/route";
import * as consolidateRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/route";
import { listAll, withSyncedNamesakes, type Listed, type SyncedNamesakes } from "@/testing/support/counterparts";
import { addMember, makeAppToken, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

let ctx: SyncedNamesakes;
let listed: Listed[];
withSyncedNamesakes((synced, all) => {
  ctx = synced;
  listed = all;
});

describe("counterparts API: who may do what", () => {
  it("answers 404 across scopes, 403 to viewers and App tokens on changes, 422 on bad input", async () => {
    const id = listed[0].id;
    const stranger = await makePerson("stranger");
    const strangerHeaders = bearer(stranger.token, stranger.scopeId);
    expect(
      (await call(cpRoute.GET, "GET", "x", { headers: strangerHeaders, params: { counterpartId: id } })).status,
    ).toBe(404);
    expect(
      (
        await call(cpRoute.PATCH, "PATCH", "x", {
          headers: strangerHeaders,
          params: { counterpartId: id },
          body: { alias: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(familyRoute.GET, "GET", "x", { headers: strangerHeaders, params: { counterpartId: id } })).status,
    ).toBe(404);

    const viewer = await makePerson("viewer");
    await addMember(ctx.connected.person.scopeId, viewer.userId, "viewer");
    const viewerHeaders = bearer(viewer.token, ctx.connected.person.scopeId);
    expect(
      (await call(cpRoute.GET, "GET", "x", { headers: viewerHeaders, params: { counterpartId: id } })).status,
    ).toBe(200);
    const denied = await call<{ error: { code: string } }>(cpRoute.PATCH, "PATCH", "x", {
      headers: viewerHeaders,
      params: { counterpartId: id },
      body: { alias: "x" },
    });
    expect([denied.status, denied.json.error.code]).toEqual([403, "forbidden"]);

    const app = await makeAppToken(ctx.connected.person.scopeId, "member");
    const appHeaders = bearer(app.token, ctx.connected.person.scopeId);
    expect((await listAll(appHeaders, ctx.account.id)).length).toBe(7);
    const appWrite = await call<{ error: { code: string } }>(cpRoute.PATCH, "PATCH", "x", {
      headers: appHeaders,
      params: { counterpartId: id },
      body: { alias: "x" },
    });
    expect([appWrite.status, appWrite.json.error.code]).toEqual([403, "user_context_required"]);
    const appMerge = await call<{ error: { code: string } }>(consolidateRoute.POST, "POST", "x", {
      headers: appHeaders,
      body: { targetId: id, memberIds: [listed[1].id] },
    });
    expect(appMerge.status).toBe(403);

    const bad = async (
      handler: typeof cpRoute.PATCH,
      body: unknown,
      params: Record<string, string> = { counterpartId: id },
    ) =>
      (
        await call(handler, handler === consolidateRoute.POST ? "POST" : "PATCH", "x", {
          headers: ctx.headers,
          params,
          body,
        })
      ).status;
    expect(await bad(cpRoute.PATCH, { alias: "" })).toBe(422);
    expect(await bad(cpRoute.PATCH, { alias: "x".repeat(121) })).toBe(422);
    expect(await bad(consolidateRoute.POST, { targetId: id, memberIds: [] })).toBe(422);
    expect(await bad(consolidateRoute.POST, { targetId: id, memberIds: [id] })).toBe(422);
    const badSort = await call(
      (await import("@/app/api/accounttracking/v1/accounts/[id]/counterparts/route")).GET,
      "GET",
      "x",
      { headers: ctx.headers, params: { id: ctx.account.id }, query: "sort=bogus" },
    );
    expect(badSort.status).toBe(422);
  });
});
