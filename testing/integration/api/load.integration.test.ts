// route({ load }): the kernel finds the record by its path parameter in the request's db, answers
// 404 before 403, checks the capability itself and hands the handler the record. Also the guard on
// the remaining afterLookup routes: a handler that never calls authorize() cannot answer.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { recordRoute, type Finder } from "@/lib/api/load";
import { route, scoped } from "@/lib/api/route";
import { createClient, getClient } from "@/lib/clients/clients";
import { type Tx } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { twoTenants } from "@/testing/support/fixtures";
import { TEST_ROUTE } from "@/testing/support/test-route";
import { TEST_ACTOR } from "@/testing/support/audit";

type ErrorBody = { error: { code: string } };
type Seen = { data: { id: string; displayName: string; sameDb: boolean } };

/** A made-up route about one client that needs clients.write (a viewer lacks it); counts what ran. */
function clientRoute() {
  const runs = { finds: 0, handlers: 0 };
  let findDb: Tx | null = null;
  const find: Finder<Awaited<ReturnType<typeof getClient>>> = (db, scopeId, id) => {
    runs.finds += 1;
    findDb = db;
    return getClient(db, scopeId, id);
  };
  const handler = route(...TEST_ROUTE, {
    ...recordRoute("id", find)("any", "clients.write"),
    body: z.strictObject({ note: z.string() }),
    responses: { 200: z.object({ id: z.string(), displayName: z.string(), sameDb: z.boolean() }) },
    handler: ({ db, found }) => {
      runs.handlers += 1;
      return Promise.resolve({ data: { id: found.id, displayName: found.displayName, sameDb: db === findDb } });
    },
  });
  const put = (token: string, scopeId: string, id: string, body: unknown = { note: "x" }) =>
    call(handler, "PUT", `/api/test/clients/${id}`, { headers: bearer(token, scopeId), params: { id }, body });
  return { runs, put };
}

async function clientIn(scopeId: string, displayName: string) {
  const client = await createClient({
    scopeId,
    createdById: null,
    type: "company",
    displayName,
    countryCode: "BE",
    actor: TEST_ACTOR,
  });
  return client.id;
}

describe("route({ load })", () => {
  it("hands the handler the record, found with the request's own db (the write transaction)", async () => {
    const { a } = await twoTenants();
    const id = await clientIn(a.scopeId, "Found Ltd");
    const { runs, put } = clientRoute();
    const res = await put(a.token, a.scopeId, id);
    expect(res.status).toBe(200);
    expect((res.json as Seen).data).toEqual({ id, displayName: "Found Ltd", sameDb: true });
    expect(runs).toEqual({ finds: 1, handlers: 1 });
  });

  it("404 for an unknown id, another scope's id and a malformed id; the handler never runs", async () => {
    const { a, b } = await twoTenants();
    const foreign = await clientIn(b.scopeId, "Theirs");
    const { runs, put } = clientRoute();
    for (const id of [randomUUID(), foreign, "not-a-uuid"]) {
      const res = await put(a.token, a.scopeId, id);
      expect(res.status).toBe(404);
      expect((res.json as ErrorBody).error.code).toBe("not_found");
    }
    expect(runs.handlers).toBe(0);
    expect(runs.finds).toBe(2); // the malformed id is refused before any lookup
  });

  it("403 when the record exists and the role lacks the capability; 404 (not 403) when both", async () => {
    const { a, b, viewer } = await twoTenants();
    const own = await clientIn(a.scopeId, "Ours");
    const foreign = await clientIn(b.scopeId, "Theirs");
    const { runs, put } = clientRoute();

    const forbidden = await put(viewer.token, a.scopeId, own);
    expect(forbidden.status).toBe(403);
    expect((forbidden.json as ErrorBody).error.code).toBe("forbidden");

    for (const id of [foreign, randomUUID()]) {
      const hidden = await put(viewer.token, a.scopeId, id);
      expect(hidden.status).toBe(404);
      expect((hidden.json as ErrorBody).error.code).toBe("not_found");
    }
    expect(runs.handlers).toBe(0);
  });

  it("validates the body before the lookup, as afterLookup routes did (422 on an unknown id)", async () => {
    const { a } = await twoTenants();
    const { runs, put } = clientRoute();
    const res = await put(a.token, a.scopeId, randomUUID(), { note: 1 });
    expect(res.status).toBe(422);
    expect(runs.finds).toBe(0);
  });
});

describe("afterLookup", () => {
  const lookupRoute = (callsAuthorize: boolean) =>
    route(...TEST_ROUTE, {
      ...scoped("any", "clients.read"),
      afterLookup: true,
      responses: { 200: z.object({ ok: z.boolean() }) },
      handler: ({ authorize }) => {
        if (callsAuthorize) authorize();
        return Promise.resolve({ data: { ok: true } });
      },
    });

  it("a handler that answers without calling authorize() is a server error, not an unchecked answer", async () => {
    const { a } = await twoTenants();
    const headers = bearer(a.token, a.scopeId);
    expect((await call(lookupRoute(true), "GET", "/api/test/lookup", { headers })).status).toBe(200);
    const unchecked = await call<ErrorBody>(lookupRoute(false), "GET", "/api/test/lookup", { headers });
    expect(unchecked.status).toBe(500);
    expect(unchecked.json.error.code).toBe("server_error");
  });
});

// Compile-time: `load` needs a scoped route, and the handler's `found` has the finder's type.
export const typeChecks = [
  // @ts-expect-error `load` on a route without X-Scope
  route(...TEST_ROUTE, {
    ...recordRoute("id", getClient)("any", "clients.read"),
    scoped: false,
    responses: { 200: z.object({ id: z.string() }) },
    handler: () => Promise.resolve({ data: { id: "x" } }),
  }),
  route(...TEST_ROUTE, {
    ...recordRoute("id", getClient)("any", "clients.read"),
    responses: { 200: z.object({ count: z.number() }) },
    // @ts-expect-error displayName is a string
    handler: ({ found }) => Promise.resolve({ data: { count: found.displayName } }),
  }),
];
