// The counterpart API on the sandbox `namesakes` user synced over HTTP: listing with totals, search,
// sorting and keyset paging, alias, consolidate and undo, families (cycles refused, totals rolled
// up) and entity binding (who may do what: counterparts-access.integration.test.ts).
import { describe, expect, it } from "vitest";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as entityRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/entity/route";
import * as familyRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/family/route";
import * as parentRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/parent/route";
import * as txRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/transactions/route";
import * as consolidateRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/route";
import * as undoRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/[consolidationId]/route";
import { prisma } from "@/lib/db/client";
import { listAll, withSyncedNamesakes, type Listed, type SyncedNamesakes } from "@/testing/support/counterparts";
import { decimalAdd } from "@/lib/money/decimal";
import { makePerson } from "@/testing/support/fixtures";
import { call } from "@/testing/support/http";

let ctx: SyncedNamesakes;
let listed: Listed[];
const byName = (re: RegExp) => listed.filter((c) => re.test(c.name));
withSyncedNamesakes((synced, all) => {
  ctx = synced;
  listed = all;
});

const DECIMAL = /^\d+(\.\d+)?$/;

describe("counterparts API", () => {
  it("lists counterparts with totals that add up to the account's named transactions", async () => {
    expect(listed.length).toBe(7);
    for (const c of listed) {
      expect(c.totals.sumIn).toMatch(DECIMAL);
      expect(c.totals.sumOut).toMatch(DECIMAL);
    }
    const count = listed.reduce((n, c) => n + c.totals.count, 0);
    expect(count).toBe(
      await prisma().transaction.count({
        where: { accountId: ctx.account.id, counterpartId: { not: null }, removedAt: null },
      }),
    );
    // Default sort: money out, largest first.
    const outs = listed.map((c) => Number(c.totals.sumOut));
    expect(outs).toEqual([...outs].sort((a, b) => b - a));
  });

  it("searches, sorts and pages with a cursor without gaps or repeats", async () => {
    const spotify = await listAll(ctx.headers, ctx.account.id, "q=spotify");
    expect(spotify.length).toBe(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; json: { data: Listed[]; meta: { page: { nextCursor: string | null } } } } =
        await call((await import("@/app/api/accounttracking/v1/accounts/[id]/counterparts/route")).GET, "GET", "x", {
          headers: ctx.headers,
          params: { id: ctx.account.id },
          query: `sort=name&order=asc&perPage=3${cursor ? `&cursor=${cursor}` : ""}`,
        });
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((c) => c.displayName.toLowerCase()));
      cursor = res.json.meta.page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(7);
    expect(seen).toEqual([...seen].sort());
  });

  it("sets and clears an alias; the bank name stays", async () => {
    const target = listed[0];
    const set = await call<{ data: Listed }>(cpRoute.PATCH, "PATCH", "x", {
      headers: ctx.headers,
      params: { counterpartId: target.id },
      body: { alias: "My alias" },
    });
    expect(set.status).toBe(200);
    expect([set.json.data.displayName, set.json.data.name]).toEqual(["My alias", target.name]);
    expect((await listAll(ctx.headers, ctx.account.id, "q=my%20alias")).map((c) => c.id)).toEqual([target.id]);
    const cleared = await call<{ data: Listed }>(cpRoute.PATCH, "PATCH", "x", {
      headers: ctx.headers,
      params: { counterpartId: target.id },
      body: { alias: null },
    });
    expect(cleared.json.data.displayName).toBe(target.name);
  });

  it("consolidates two counterparts into one and undoes it exactly", async () => {
    const [a, b] = byName(/spotify/i);
    const res = await call<{ data: { id: string } }>(consolidateRoute.POST, "POST", "x", {
      headers: ctx.headers,
      body: { targetId: a.id, memberIds: [b.id] },
    });
    expect(res.status).toBe(201);
    const after = await listAll(ctx.headers, ctx.account.id);
    expect(after.length).toBe(6);
    const merged = after.find((c) => c.id === a.id);
    expect(merged?.totals.count).toBe(a.totals.count + b.totals.count);
    expect(merged?.totals.sumOut).toBe(decimalAdd(a.totals.sumOut, b.totals.sumOut));
    expect(merged?.consolidatedCount).toBe(1);
    const txs = await call<{ data: { id: string }[] }>(txRoute.GET, "GET", "x", {
      headers: ctx.headers,
      params: { counterpartId: a.id },
      query: "perPage=200",
    });
    expect(txs.json.data.length).toBe(a.totals.count + b.totals.count);
    // Consolidating a member again is a conflict; undo restores both as they were.
    const again = await call(consolidateRoute.POST, "POST", "x", {
      headers: ctx.headers,
      body: { targetId: listed[0].id, memberIds: [b.id] },
    });
    expect(again.status).toBe(409);
    const undo = await call(undoRoute.DELETE, "DELETE", "x", {
      headers: ctx.headers,
      params: { consolidationId: res.json.data.id },
    });
    expect(undo.status).toBe(200);
    const restored = await listAll(ctx.headers, ctx.account.id);
    expect(restored.map((c) => [c.id, c.totals.count]).sort()).toEqual(
      listed.map((c) => [c.id, c.totals.count]).sort(),
    );
    expect(
      (
        await call(undoRoute.DELETE, "DELETE", "x", {
          headers: ctx.headers,
          params: { consolidationId: res.json.data.id },
        })
      ).status,
    ).toBe(409);
  });

  it("builds a family, refuses cycles and rolls totals up", async () => {
    const [top, mid, leaf] = listed;
    const link = (child: string, parentId: string) =>
      call(parentRoute.PUT, "PUT", "x", { headers: ctx.headers, params: { counterpartId: child }, body: { parentId } });
    expect((await link(mid.id, top.id)).status).toBe(200);
    expect((await link(leaf.id, mid.id)).status).toBe(200);
    const cycle = await link(top.id, leaf.id);
    expect(cycle.status).toBe(422);
    expect((await link(top.id, top.id)).status).toBe(422);
    type Node = { id: string; rolledUp: { count: number; sumOut: string }; children: Node[] };
    const tree = await call<{ data: Node }>(familyRoute.GET, "GET", "x", {
      headers: ctx.headers,
      params: { counterpartId: leaf.id },
    });
    expect(tree.json.data.id).toBe(top.id);
    expect(tree.json.data.children[0].children[0].id).toBe(leaf.id);
    expect(tree.json.data.rolledUp.count).toBe(top.totals.count + mid.totals.count + leaf.totals.count);
    expect(tree.json.data.rolledUp.sumOut).toBe(
      decimalAdd(decimalAdd(top.totals.sumOut, mid.totals.sumOut), leaf.totals.sumOut),
    );
    const unlink = await call(parentRoute.DELETE, "DELETE", "x", {
      headers: ctx.headers,
      params: { counterpartId: leaf.id },
    });
    expect(unlink.status).toBe(200);
    const smaller = await call<{ data: Node }>(familyRoute.GET, "GET", "x", {
      headers: ctx.headers,
      params: { counterpartId: top.id },
    });
    expect(smaller.json.data.rolledUp.count).toBe(top.totals.count + mid.totals.count);
    await call(parentRoute.DELETE, "DELETE", "x", { headers: ctx.headers, params: { counterpartId: mid.id } });
  });

  it("binds to a client of the same scope only, and unbinds", async () => {
    const client = await prisma().client.create({
      data: { scopeId: ctx.connected.person.scopeId, type: "company", displayName: "KPN", countryCode: "NL" },
    });
    const other = await makePerson("other");
    const foreign = await prisma().client.create({
      data: { scopeId: other.scopeId, type: "company", displayName: "X", countryCode: "NL" },
    });
    const put = (entityId: string, entityType = "client") =>
      call<{ data: { entity: unknown } }>(entityRoute.PUT, "PUT", "x", {
        headers: ctx.headers,
        params: { counterpartId: listed[1].id },
        body: { entityType, entityId },
      });
    expect((await put(foreign.id)).status).toBe(422);
    expect((await put("not-a-uuid")).status).toBe(422);
    expect((await put(client.id, "Client!")).status).toBe(422);
    const ok = await put(client.id);
    expect([ok.status, ok.json.data.entity]).toEqual([200, { entityType: "client", entityId: client.id }]);
    const del = await call<{ data: { entity: unknown } }>(entityRoute.DELETE, "DELETE", "x", {
      headers: ctx.headers,
      params: { counterpartId: listed[1].id },
    });
    expect(del.json.data.entity).toBeNull();
  });
});
