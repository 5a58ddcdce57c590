// A person's category on a transaction: set and cleared through the API, answered on the row, kept
// across a re-sync, audited, seen by the change feed; the field joins person_fields, and so do the
// other person's edits of a row (note, tags, transfer mark, counterpart binding).
import { beforeAll, describe, expect, it } from "vitest";
import * as categoryRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/category/route";
import * as transactionRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/route";
import * as transferRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/transfer/route";
import * as bindRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/counterpart/route";
import { prisma } from "@/lib/db/client";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { follower } from "@/testing/support/changes";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

type Category = { id: string; name: string; parentId: string | null };
type Tx = { id: string; counterpartId: string | null; category: Category | null; categorySource: string | null };

let alice: SyncedAlice;
let rows: Tx[];
let categories: Map<string, Category & { key: string | null }>;
withSandboxBank();

const put = (body: unknown, id: string, headers = alice.headers) =>
  call<{ data: Tx }>(categoryRoute.PUT, "PUT", "x", { headers, params: { transactionId: id }, body });
const stored = (id: string) => prisma().transaction.findUniqueOrThrow({ where: { id } });
const cat = (key: string) => categories.get(key)!;

beforeAll(async () => {
  alice = await syncedAlice({ withoutRules: true });
  rows = (await alice.transactions<Tx>("filter[status]=booked")).json.data;
  const made = await prisma().category.findMany({ where: { scopeId: alice.connected.person.scopeId } });
  categories = new Map(made.map((c) => [c.key ?? c.id, { id: c.id, key: c.key, name: c.name, parentId: c.parentId }]));
});

describe("a transaction's category, a person's", () => {
  it("is set, answered with its name and parent, recorded as the person's, audited and in the feed", async () => {
    const feed = follower(alice.headers, alice.current.id);
    await feed.catchUp();
    const target = rows[0];
    expect(target.category).toBeNull();
    const res = await put({ categoryId: cat("rent").id }, target.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.category).toEqual({ id: cat("rent").id, name: "Rent", parentId: cat("housing").id });
    expect(res.json.data.categorySource).toBe("person");
    const row = await stored(target.id);
    expect(row.personFields).toEqual(["category"]);
    const changed = await feed.catchUp();
    expect(changed.modified.map((t) => [t.id, (t as unknown as Tx).category?.id])).toEqual([
      [target.id, cat("rent").id],
    ]);
    const events = await prisma().auditEvent.findMany({
      where: { action: "transaction.category_changed", recordId: target.id },
    });
    expect(events.map((e) => [e.before, e.after])).toEqual([[{ categoryId: null }, { categoryId: cat("rent").id }]]);
  });

  it("null clears it on purpose: source stays person, the field once in person_fields", async () => {
    const target = rows[0];
    const res = await put({ categoryId: null }, target.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ category: null, categorySource: "person" });
    expect((await stored(target.id)).personFields).toEqual(["category"]);
  });

  it("survives a re-sync of the account", async () => {
    const target = rows[1];
    expect((await put({ categoryId: cat("software").id }, target.id)).status).toBe(200);
    expect((await syncOnce(alice.current.id, alice.connected.person.scopeId)).state).toBe("succeeded");
    const again = await call<{ data: Tx }>(transactionRoute.GET, "GET", "x", {
      headers: alice.headers,
      params: { transactionId: target.id },
    });
    expect(again.json.data).toMatchObject({ category: { id: cat("software").id }, categorySource: "person" });
  });

  it("refuses bad input (422), another scope's category (422) and another scope's transaction (404)", async () => {
    expect((await put({ categoryId: "rent" }, rows[2].id)).status).toBe(422);
    expect((await put({ category: cat("rent").id }, rows[2].id)).status).toBe(422);
    expect((await put({}, rows[2].id)).status).toBe(422);
    const bob = await makePerson("bob");
    const bobs = await prisma().category.findFirstOrThrow({ where: { scopeId: bob.scopeId, key: "rent" } });
    const foreign = await put({ categoryId: bobs.id }, rows[2].id);
    expect(foreign.status).toBe(422);
    expect(foreign.json).toMatchObject({ error: { details: { categoryId: [expect.any(String)] } } });
    const notHers = await put({ categoryId: bobs.id }, rows[2].id, bearer(bob.token, bob.scopeId));
    expect(notHers.status).toBe(404);
    expect((await stored(rows[2].id)).categoryId).toBeNull();
  });

  it("refuses an archived or merged category", async () => {
    const archived = await prisma().category.create({
      data: { scopeId: alice.connected.person.scopeId, name: "Old", archivedAt: new Date() },
    });
    expect((await put({ categoryId: archived.id }, rows[3].id)).status).toBe(422);
    const merged = await prisma().category.create({
      data: { scopeId: alice.connected.person.scopeId, name: "Gone", mergedIntoId: cat("other").id },
    });
    expect((await put({ categoryId: merged.id }, rows[3].id)).status).toBe(422);
  });
});

describe("the other person's edits of a row mark their field", () => {
  it("note and tags, the transfer mark and a counterpart binding each add their field once", async () => {
    const target = rows[4];
    const patch = (body: unknown) =>
      call(transactionRoute.PATCH, "PATCH", "x", {
        headers: alice.headers,
        params: { transactionId: target.id },
        body,
      });
    expect((await patch({ tags: ["team"] })).status).toBe(200);
    expect((await stored(target.id)).personFields).toEqual(["tags"]);
    expect((await patch({ note: "Lunch", tags: ["team"] })).status).toBe(200);
    expect((await stored(target.id)).personFields).toEqual(["tags", "note"]);
    const transfer = await call(transferRoute.PUT, "PUT", "x", {
      headers: alice.headers,
      params: { transactionId: target.id },
      body: { isTransfer: false },
    });
    expect(transfer.status, transfer.text).toBe(200);
    const other = rows.find((r) => r.counterpartId && r.counterpartId !== target.counterpartId)!;
    const bind = await call(bindRoute.PUT, "PUT", "x", {
      headers: alice.headers,
      params: { transactionId: target.id },
      body: { counterpartId: other.counterpartId },
    });
    expect(bind.status, bind.text).toBe(200);
    expect((await stored(target.id)).personFields).toEqual(["tags", "note", "transfer", "counterpart"]);
  });
});
