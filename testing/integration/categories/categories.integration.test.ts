// An admin's categories through the API: listed for every reader (parents each followed by their
// children, with counts on request), created, renamed, moved one level deep, archived and restored,
// merged with their rows and counterpart defaults; each audited. Bad input is 422, another scope's
// category 404, a member's or viewer's edit 403.
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/accounttracking/v1/categories/route";
import * as oneRoute from "@/app/api/accounttracking/v1/categories/[id]/route";
import * as mergeRoute from "@/app/api/accounttracking/v1/categories/[id]/merge/route";
import * as txCategoryRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/category/route";
import { mergeCategory } from "@/lib/categories/merge-category";
import { prisma } from "@/lib/db/client";
import { TEST_ACTOR } from "@/testing/support/audit";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { addMember, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

type Category = {
  id: string;
  key: string | null;
  name: string;
  parentId: string | null;
  archived: boolean;
  mergedIntoId: string | null;
  transactionCount?: number;
};

let alice: SyncedAlice;
let viewer: Record<string, string>;
let member: Record<string, string>;
let stranger: Record<string, string>;
withSandboxBank();

const list = async (query = "", headers = alice.headers) =>
  (await call<{ data: Category[] }>(listRoute.GET, "GET", "x", { headers, query })).json.data;
const byKey = async (key: string) => (await list()).find((c) => c.key === key)!;
const create = (body: unknown, headers = alice.headers) =>
  call<{ data: Category }>(listRoute.POST, "POST", "x", { headers, body });
const patch = (id: string, body: unknown, headers = alice.headers) =>
  call<{ data: Category }>(oneRoute.PATCH, "PATCH", "x", { headers, params: { id }, body });
const merge = (id: string, into: string, headers = alice.headers) =>
  call<{ data: { transactionsMoved: number; counterpartsMoved: number; category: Category } }>(
    mergeRoute.POST,
    "POST",
    "x",
    { headers, params: { id }, body: { into } },
  );
const trail = (recordId: string) =>
  prisma().auditEvent.findMany({ where: { recordId }, orderBy: { seq: "asc" }, select: { action: true, after: true } });

beforeAll(async () => {
  alice = await syncedAlice({ withoutRules: true });
  const scopeId = alice.connected.person.scopeId;
  const v = await makePerson("viewer");
  await addMember(scopeId, v.userId, "viewer");
  viewer = bearer(v.token, scopeId);
  const m = await makePerson("member");
  await addMember(scopeId, m.userId, "member");
  member = bearer(m.token, scopeId);
  const s = await makePerson("stranger");
  stranger = bearer(s.token, s.scopeId);
});

describe("the scope's categories", () => {
  it("are listed for a viewer too: each parent followed by its children", async () => {
    const seen = await list("", viewer);
    const keys = seen.map((c) => c.key);
    expect(keys.slice(0, 4)).toEqual(["income", "salary", "sales", "refunds"]);
    for (const [i, c] of seen.entries()) {
      if (c.parentId) expect([seen[i - 1].id, seen[i - 1].parentId]).toContain(c.parentId);
    }
    expect(seen.every((c) => c.transactionCount === undefined)).toBe(true);
  });

  it("an admin creates one at the top level and one under it; siblings' names are unique", async () => {
    const top = await create({ name: "Marketing" });
    expect(top.status, top.text).toBe(201);
    expect(top.json.data).toMatchObject({ name: "Marketing", parentId: null, key: null, archived: false });
    const child = await create({ name: "Ads", parentId: top.json.data.id });
    expect(child.status, child.text).toBe(201);
    expect((await create({ name: "ads", parentId: top.json.data.id })).status).toBe(409);
    const seen = await list();
    const at = seen.findIndex((c) => c.id === top.json.data.id);
    expect(seen[at + 1].id).toBe(child.json.data.id);
    expect((await trail(child.json.data.id)).map((e) => [e.action, e.after])).toEqual([
      ["category.created", { name: "Ads", parentCategoryId: top.json.data.id }],
    ]);
  });

  it("compares names literally, case aside: a name with LIKE's wildcards or ending in a backslash is a name", async () => {
    const top = await create({ name: "Pattern checks" });
    expect(top.status, top.text).toBe(201);
    const under = (name: string) => create({ name, parentId: top.json.data.id });
    expect((await under("AB")).status).toBe(201);
    // Not taken for "AB" by a wildcard: each is a category of its own.
    for (const name of ["A_", "A%", "T\\", "50% \\_"]) {
      const made = await under(name);
      expect(made.status, `${name}: ${made.text}`).toBe(201);
      expect(made.json.data.name).toBe(name);
    }
    // …and the same names again, in other case, are refused as before.
    for (const name of ["ab", "a_", "t\\"]) expect((await under(name)).status, name).toBe(409);
  });

  it("refuses bad input with 422: empty or long names, odd keys, a parent that is a child, another scope's parent", async () => {
    const rent = await byKey("rent");
    for (const body of [{ name: "" }, { name: "x".repeat(81) }, { name: "A", colour: "red" }, {}, { name: 3 }]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await create({ name: "Deposit", parentId: rent.id })).status).toBe(422);
    const theirs = (await list("", stranger))[0];
    expect((await create({ name: "Theirs", parentId: theirs.id })).status).toBe(422);
    expect((await patch(rent.id, {})).status).toBe(422);
    expect((await patch(rent.id, { archived: "yes" })).status).toBe(422);
  });

  it("is the admins' to change: a member's or a viewer's create, edit or merge is 403; another scope's id 404", async () => {
    const rent = await byKey("rent");
    const other = await byKey("other");
    for (const headers of [member, viewer]) {
      expect((await create({ name: "Nope" }, headers)).status).toBe(403);
      expect((await patch(rent.id, { name: "Nope" }, headers)).status).toBe(403);
      expect((await merge(rent.id, other.id, headers)).status).toBe(403);
    }
    expect((await patch(rent.id, { name: "Nope" }, stranger)).status).toBe(404);
    expect((await merge(rent.id, other.id, stranger)).status).toBe(404);
    expect((await byKey("rent")).name).toBe("Rent");
  });

  it("renames, moves one level deep, archives and restores, each audited in its own words", async () => {
    const rent = await byKey("rent");
    const taxes = await byKey("taxes");
    const housing = await byKey("housing");
    const renamed = await patch(rent.id, { name: "Office rent" });
    expect(renamed.json.data.name).toBe("Office rent");
    const moved = await patch(rent.id, { parentId: taxes.id });
    expect(moved.json.data.parentId).toBe(taxes.id);
    // A parent with children goes under no other; a child takes none under it.
    expect((await patch(housing.id, { parentId: taxes.id })).status).toBe(422);
    expect((await patch(taxes.id, { parentId: rent.id })).status).toBe(422);
    expect((await patch(rent.id, { parentId: rent.id })).status).toBe(422);
    expect((await patch(rent.id, { parentId: null })).json.data.parentId).toBeNull();
    expect((await patch(rent.id, { archived: true })).json.data.archived).toBe(true);
    // An archived category is not given to a row.
    const [row] = (await alice.transactions<{ id: string }>("filter[status]=booked")).json.data;
    const refused = await call(txCategoryRoute.PUT, "PUT", "x", {
      headers: alice.headers,
      params: { transactionId: row.id },
      body: { categoryId: rent.id },
    });
    expect(refused.status).toBe(422);
    expect((await patch(rent.id, { archived: false })).json.data.archived).toBe(false);
    expect((await trail(rent.id)).map((e) => e.action)).toEqual([
      "category.renamed",
      "category.moved",
      "category.moved",
      "category.archived",
      "category.restored",
    ]);
  });

  it("a parent with live children is not archived (409)", async () => {
    expect((await patch((await byKey("income")).id, { archived: true })).status).toBe(409);
  });

  it("merge moves every row and counterpart default to the target in one step, and says how many", async () => {
    const scopeId = alice.connected.person.scopeId;
    const groceries = await byKey("groceries");
    const dining = await byKey("dining");
    const rows = (await alice.transactions<{ id: string }>("filter[status]=booked")).json.data.slice(0, 6);
    for (const row of rows) {
      const res = await call(txCategoryRoute.PUT, "PUT", "x", {
        headers: alice.headers,
        params: { transactionId: row.id },
        body: { categoryId: groceries.id },
      });
      expect(res.status, res.text).toBe(200);
    }
    const counterpart = await prisma().counterpart.findFirstOrThrow({ where: { scopeId } });
    await prisma().counterpart.update({ where: { id: counterpart.id }, data: { defaultCategoryId: groceries.id } });
    const counted = (await list("counts=true")).find((c) => c.id === groceries.id)!;
    expect(counted.transactionCount).toBe(rows.length);

    const res = await merge(groceries.id, dining.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ transactionsMoved: rows.length, counterpartsMoved: 1 });
    expect(res.json.data.category.mergedIntoId).toBe(dining.id);
    const moved = await prisma().transaction.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    expect(moved.every((t) => t.categoryId === dining.id && t.categorySource === "person")).toBe(true);
    expect((await prisma().counterpart.findUniqueOrThrow({ where: { id: counterpart.id } })).defaultCategoryId).toBe(
      dining.id,
    );
    expect((await list()).map((c) => c.id)).not.toContain(groceries.id);
    const filtered = (await alice.transactions<{ id: string }>(`filter[category]=${dining.id}`)).json.data;
    expect(filtered.map((t) => t.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await trail(groceries.id)).map((e) => [e.action, e.after])).toEqual([
      ["category.merged", { mergedIntoId: dining.id, transactionsMoved: rows.length, counterpartsMoved: 1 }],
    ]);
  });

  it("refuses merging into itself, into a merged one or a child of its own (422), and a merged one again (409)", async () => {
    const dining = await byKey("dining");
    const software = await byKey("software");
    const merged = await prisma().category.findFirstOrThrow({
      where: { scopeId: alice.connected.person.scopeId, key: "groceries" },
    });
    expect((await merge(dining.id, dining.id)).status).toBe(422);
    expect((await merge(software.id, merged.id)).status).toBe(422);
    expect((await merge(merged.id, software.id)).status).toBe(409);
    expect((await merge((await byKey("income")).id, (await byKey("salary")).id)).status).toBe(422);
    expect((await merge(software.id, "not-a-uuid")).status).toBe(422);
    expect((await byKey("software")).mergedIntoId).toBeNull();
  });

  it("a category with more rows than a batch moves them in batches first, and the merge counts them all", async () => {
    const scopeId = alice.connected.person.scopeId;
    const [from, into] = await Promise.all(
      ["Batched", "Batch target"].map((name) => prisma().category.create({ data: { scopeId, name } })),
    );
    const rows = (await alice.transactions<{ id: string }>("filter[status]=booked")).json.data.slice(10, 17);
    await prisma().transaction.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { categoryId: from.id },
    });
    const merged = await mergeCategory({ category: from, into: into.id, batch: 2, actor: TEST_ACTOR });
    expect(merged.transactionsMoved).toBe(rows.length);
    expect(await prisma().transaction.count({ where: { categoryId: into.id } })).toBe(rows.length);
    expect(await prisma().transaction.count({ where: { categoryId: from.id } })).toBe(0);
    expect((await prisma().category.findUniqueOrThrow({ where: { id: from.id } })).mergedIntoId).toBe(into.id);
  });
});
