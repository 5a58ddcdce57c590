// GET /api/accounttracking/v1/counterparts?filter[id]=…: the names a transaction list shows for
// its counterpart ids: aliases win, consolidation resolves to the root, other scopes' ids are
// left out, bad input is a 422.
import { describe, expect, it } from "vitest";
import * as namesRoute from "@/app/api/accounttracking/v1/counterparts/route";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as consolidateRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/route";
import * as undoRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/[consolidationId]/route";
import * as txRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { withSyncedNamesakes, type Listed, type SyncedNamesakes } from "@/testing/support/counterparts";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

type Name = { id: string; rootId: string; displayName: string };

let ctx: SyncedNamesakes;
let listed: Listed[];
withSyncedNamesakes((synced, all) => {
  ctx = synced;
  listed = all;
});

const names = (headers: Record<string, string>, ids: string[] | string) =>
  call<{ data: Name[]; error?: { code: string; details?: Record<string, string[]> } }>(
    namesRoute.GET,
    "GET",
    "/api/accounttracking/v1/counterparts",
    {
      headers,
      query: `filter[id]=${encodeURIComponent(Array.isArray(ids) ? ids.join(",") : ids)}`,
    },
  );

describe("counterpart names", () => {
  it("names every counterpart a page of transactions refers to, as the listing does", async () => {
    const page = await call<{ data: { counterpartId: string | null }[] }>(txRoute.GET, "GET", "x", {
      headers: ctx.headers,
      params: { id: ctx.account.id },
      query: "perPage=200",
    });
    const ids = [...new Set(page.json.data.map((t) => t.counterpartId).filter((id): id is string => id !== null))];
    expect(ids.length).toBeGreaterThan(1);
    const res = await names(ctx.headers, ids);
    expect(res.status).toBe(200);
    expect(res.json.data.map((n) => n.id).sort()).toEqual([...ids].sort());
    for (const n of res.json.data) {
      const shown = listed.find((c) => c.id === n.id);
      expect(n).toEqual({ id: n.id, rootId: n.id, displayName: shown?.displayName });
    }
  });

  it("uses the alias, and the root's name once consolidated; undo restores it", async () => {
    const [target, member] = listed;
    await call(cpRoute.PATCH, "PATCH", "x", {
      headers: ctx.headers,
      params: { counterpartId: target.id },
      body: { alias: "Landlord" },
    });
    expect((await names(ctx.headers, [target.id])).json.data).toEqual([
      { id: target.id, rootId: target.id, displayName: "Landlord" },
    ]);

    const merged = await call<{ data: { id: string } }>(consolidateRoute.POST, "POST", "x", {
      headers: ctx.headers,
      body: { targetId: target.id, memberIds: [member.id] },
    });
    expect(merged.status).toBe(201);
    expect((await names(ctx.headers, [member.id, target.id])).json.data).toEqual(
      [
        { id: member.id, rootId: target.id, displayName: "Landlord" },
        { id: target.id, rootId: target.id, displayName: "Landlord" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );

    await call(undoRoute.DELETE, "DELETE", "x", {
      headers: ctx.headers,
      params: { consolidationId: merged.json.data.id },
    });
    await call(cpRoute.PATCH, "PATCH", "x", {
      headers: ctx.headers,
      params: { counterpartId: target.id },
      body: { alias: null },
    });
    expect((await names(ctx.headers, [member.id])).json.data).toEqual([
      { id: member.id, rootId: member.id, displayName: member.displayName },
    ]);
  });

  it("leaves out ids of other scopes and unknown ids; App tokens may read", async () => {
    const stranger = await makePerson("stranger");
    const theirs = await names(bearer(stranger.token, stranger.scopeId), [listed[0].id]);
    expect(theirs.status).toBe(200);
    expect(theirs.json.data).toEqual([]);
    const unknown = await names(ctx.headers, ["0f8fad5b-d9cb-469f-a165-70867728950e", listed[0].id]);
    expect(unknown.json.data.map((n) => n.id)).toEqual([listed[0].id]);
    const app = await makeAppToken(ctx.connected.person.scopeId, "viewer");
    expect((await names(bearer(app.token, ctx.connected.person.scopeId), [listed[0].id])).json.data).toHaveLength(1);
  });

  it("answers bad input with 422 and says what to fix", async () => {
    const notUuid = await names(ctx.headers, "abc");
    expect(notUuid.status).toBe(422);
    expect(notUuid.json.error?.code).toBe("validation_failed");
    const missing = await call<{ error: { code: string } }>(
      namesRoute.GET,
      "GET",
      "/api/accounttracking/v1/counterparts",
      { headers: ctx.headers },
    );
    expect(missing.status).toBe(422);
    const many = Array.from({ length: 201 }, (_, i) => `0f8fad5b-d9cb-469f-a165-${String(i).padStart(12, "0")}`);
    const tooMany = await names(ctx.headers, many);
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(tooMany.json.error?.details)).toContain("At most 200");
    // Duplicates count once.
    expect((await names(ctx.headers, [listed[0].id, listed[0].id])).json.data).toHaveLength(1);
  });
});
