// The rules API: made, read, changed, reordered and deleted, each audited; preview, apply in the
// background and undo in one step; suggestions learned from a person's corrections; and the kernel's
// answers for bad input (422), another scope's ids (404) and a role that may only read (403).
import { describe, expect, it } from "vitest";
import * as rulesRoute from "@/app/api/accounttracking/v1/rules/route";
import * as ruleRoute from "@/app/api/accounttracking/v1/rules/[id]/route";
import * as reorderRoute from "@/app/api/accounttracking/v1/rules/reorder/route";
import * as previewRoute from "@/app/api/accounttracking/v1/rules/[id]/preview/route";
import * as applyRoute from "@/app/api/accounttracking/v1/rules/[id]/apply/route";
import * as suggestionsRoute from "@/app/api/accounttracking/v1/rules/suggestions/route";
import * as dismissRoute from "@/app/api/accounttracking/v1/rules/suggestions/dismiss/route";
import * as applicationRoute from "@/app/api/accounttracking/v1/rule-applications/[id]/route";
import * as undoRoute from "@/app/api/accounttracking/v1/rule-applications/[id]/undo/route";
import { prisma } from "@/lib/db/client";
import { runApplication } from "@/lib/rules/apply";
import { addMember, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { categoryOf, personCategory, rowStates, syncPage, withoutDefaultRules } from "@/testing/support/rules/page";

type Rule = { id: string; name: string; position: number; enabled: boolean; origin: string };
type Application = { id: string; state: string; total: number; processed: number; changed: number };
type Suggestion = { counterpartId: string; categoryId: string; corrections: number; wouldChange: number; rule: object };

async function scope() {
  const person = await makePerson("rules-api");
  await withoutDefaultRules(person.scopeId);
  const headers = bearer(person.token, person.scopeId);
  return { person, headers, cat: (key: string) => categoryOf(person.scopeId, key) };
}

const words = (...list: string[]) => [{ type: "words", words: list, in: "any" }];

describe("rules API", () => {
  it("creates, lists in order, changes, reorders and deletes rules, each in the audit trail", async () => {
    const { person, headers, cat } = await scope();
    const rent = await cat("rent");
    const a = await call<{ data: Rule }>(rulesRoute.POST, "POST", "x", {
      headers,
      body: { name: "a", conditions: words("a"), actions: { categoryId: rent } },
    });
    expect([a.status, a.json.data.position, a.json.data.origin]).toEqual([201, 0, "person"]);
    const b = await call<{ data: Rule }>(rulesRoute.POST, "POST", "x", {
      headers,
      body: { name: "b", conditions: words("b"), actions: { addTags: ["x"] }, position: 0 },
    });
    expect(b.json.data.position).toBe(0);
    const list = await call<{ data: Rule[] }>(rulesRoute.GET, "GET", "x", { headers });
    expect(list.json.data.map((r) => [r.name, r.position])).toEqual([
      ["b", 0],
      ["a", 1],
    ]);

    const off = await call<{ data: Rule }>(ruleRoute.PATCH, "PATCH", "x", {
      headers,
      params: { id: a.json.data.id },
      body: { enabled: false },
    });
    expect([off.status, off.json.data.enabled]).toEqual([200, false]);
    const reordered = await call<{ data: Rule[] }>(reorderRoute.POST, "POST", "x", {
      headers,
      body: { ids: [a.json.data.id, b.json.data.id] },
    });
    expect(reordered.json.data.map((r) => r.name)).toEqual(["a", "b"]);
    const partial = await call(reorderRoute.POST, "POST", "x", { headers, body: { ids: [a.json.data.id] } });
    expect(partial.status).toBe(422);
    const gone = await call(ruleRoute.DELETE, "DELETE", "x", { headers, params: { id: b.json.data.id } });
    expect(gone.status).toBe(204);
    expect((await call(ruleRoute.GET, "GET", "x", { headers, params: { id: b.json.data.id } })).status).toBe(404);

    const trail = await prisma().auditEvent.findMany({ where: { scopeId: person.scopeId }, orderBy: { seq: "asc" } });
    expect(trail.map((e) => e.action).filter((x) => x.startsWith("rule."))).toEqual([
      "rule.created",
      "rule.created",
      "rule.updated",
      "rule.reordered",
      "rule.deleted",
    ]);
  });

  it("refuses bad input (422), another scope's rules and categories (404, 422), and writes by a viewer (403)", async () => {
    const { person, headers, cat } = await scope();
    const other = await makePerson("rules-other");
    const theirs = await categoryOf(other.scopeId, "rent");
    const bad = async (body: object) => (await call(rulesRoute.POST, "POST", "x", { headers, body })).status;
    expect(
      await bad({ name: "x", conditions: [{ type: "weather" }], actions: { categoryId: await cat("rent") } }),
    ).toBe(422);
    expect(await bad({ name: "x", conditions: words("a"), actions: {} })).toBe(422);
    expect(await bad({ name: "x", conditions: [{ type: "amount", min: "1,5" }], actions: { addTags: ["a"] } })).toBe(
      422,
    );
    expect(await bad({ name: "x", conditions: words("a"), actions: { addTags: ["a"] }, odd: 1 })).toBe(422);
    expect(await bad({ name: "x", conditions: words("a"), actions: { categoryId: theirs } })).toBe(422);

    const mine = await call<{ data: Rule }>(rulesRoute.POST, "POST", "x", {
      headers,
      body: { name: "mine", conditions: words("a"), actions: { addTags: ["a"] } },
    });
    const otherHeaders = bearer(other.token, other.scopeId);
    expect(
      (await call(ruleRoute.GET, "GET", "x", { headers: otherHeaders, params: { id: mine.json.data.id } })).status,
    ).toBe(404);
    expect(
      (await call(applyRoute.POST, "POST", "x", { headers: otherHeaders, params: { id: mine.json.data.id } })).status,
    ).toBe(404);

    const viewer = await makePerson("rules-viewer");
    await addMember(person.scopeId, viewer.userId, "viewer");
    const viewing = bearer(viewer.token, person.scopeId);
    expect((await call(rulesRoute.GET, "GET", "x", { headers: viewing })).status).toBe(200);
    const write = await call(rulesRoute.POST, "POST", "x", {
      headers: viewing,
      body: { name: "v", conditions: words("a"), actions: { addTags: ["a"] } },
    });
    expect(write.status).toBe(403);
    expect(
      (await call(ruleRoute.DELETE, "DELETE", "x", { headers: viewing, params: { id: mine.json.data.id } })).status,
    ).toBe(403);
  });

  it("previews, applies in batches with progress, and undoes in one step, keeping what a person changed since", async () => {
    const { person, headers, cat } = await scope();
    const { accountId } = await storedAccount(person, 7);
    const [rent, taxes] = [await cat("rent"), await cat("taxes")];
    // Row tx-7 was filed by a person before: the rule leaves it alone.
    await personCategory(accountId, "tx-7", taxes);
    const made = await call<{ data: Rule }>(rulesRoute.POST, "POST", "x", {
      headers,
      body: { name: "Shops", conditions: words("shop"), actions: { categoryId: rent, addTags: ["shop"] } },
    });
    const id = made.json.data.id;
    const preview = await call<{ data: { changed: number } }>(previewRoute.POST, "POST", "x", {
      headers,
      params: { id },
      body: {},
    });
    expect(preview.json.data.changed).toBe(7); // tx-7 still gets the tag
    const draft = await call<{ data: { changed: number } }>(previewRoute.POST, "POST", "x", {
      headers,
      params: { id },
      body: { conditions: [{ type: "amount", max: "3" }] },
    });
    expect(draft.json.data.changed).toBe(3);

    const started = await call<{ data: Application }>(applyRoute.POST, "POST", "x", { headers, params: { id } });
    expect([started.status, started.json.data.state, started.json.data.total]).toEqual([202, "queued", 7]);
    await runApplication(started.json.data.id, 3);
    const done = await call<{ data: Application }>(applicationRoute.GET, "GET", "x", {
      headers,
      params: { id: started.json.data.id },
    });
    expect(done.json.data).toMatchObject({ state: "done", processed: 7, changed: 7 });
    const applied = await rowStates(accountId);
    expect(applied.get("tx-1")).toMatchObject({
      category_id: rent,
      category_source: "rule",
      category_rule_id: id,
      tags: ["shop"],
    });
    expect(applied.get("tx-7")).toMatchObject({ category_id: taxes, category_source: "person", tags: ["shop"] });

    // A person files tx-2 after the apply: undo keeps that.
    await personCategory(accountId, "tx-2", taxes);
    const undone = await call<{ data: Application }>(undoRoute.POST, "POST", "x", {
      headers,
      params: { id: started.json.data.id },
    });
    expect([undone.status, undone.json.data.state]).toEqual([200, "undone"]);
    const after = await rowStates(accountId);
    expect(after.get("tx-1")).toMatchObject({ category_id: null, category_source: null, tags: [] });
    expect(after.get("tx-2")).toMatchObject({ category_id: taxes, category_source: "person", tags: [] });
    expect(after.get("tx-7")).toMatchObject({ category_id: taxes, tags: [] });
    const again = await call(undoRoute.POST, "POST", "x", { headers, params: { id: started.json.data.id } });
    expect(again.status).toBe(409);

    const trail = await prisma().auditEvent.findMany({
      where: { scopeId: person.scopeId, recordType: "rule_application" },
    });
    expect(trail.map((e) => e.action).sort()).toEqual(["rule.application_undone", "rule.applied"]);
  });

  it("suggests the rule after two corrections of one counterpart, not once a rule does it, nor once dismissed", async () => {
    const { person, headers, cat } = await scope();
    const { accountId } = await storedAccount(person, 0);
    const target = { scopeId: person.scopeId, accountId };
    const page = ["a1", "a2", "a3"].map((id) =>
      bankEntry(id, "-10.00", { creditorName: "Acme Tools", remittanceInformation: id }),
    );
    page.push(
      ...["b1", "b2"].map((id) => bankEntry(id, "-20.00", { creditorName: "Bolt Cafe", remittanceInformation: id })),
    );
    await syncPage(target, page);
    const [software, dining] = [await cat("software"), await cat("dining")];
    await personCategory(accountId, "a1", software);
    const one = await call<{ data: Suggestion[] }>(suggestionsRoute.GET, "GET", "x", { headers });
    expect(one.json.data).toEqual([]);
    await personCategory(accountId, "a2", software);
    await personCategory(accountId, "b1", dining);
    await personCategory(accountId, "b2", dining);

    const offered = await call<{ data: Suggestion[] }>(suggestionsRoute.GET, "GET", "x", { headers });
    expect(offered.json.data.map((s) => [s.categoryId, s.corrections, s.wouldChange])).toEqual([
      [software, 2, 1],
      [dining, 2, 0],
    ]);
    const [acme, bolt] = offered.json.data;
    const accepted = await call<{ data: Rule }>(rulesRoute.POST, "POST", "x", {
      headers,
      body: { ...acme.rule, fromSuggestion: true, position: 0 },
    });
    expect([accepted.status, accepted.json.data.origin]).toEqual([201, "suggestion"]);
    const dismissed = await call(dismissRoute.POST, "POST", "x", {
      headers,
      body: { counterpartId: bolt.counterpartId, categoryId: bolt.categoryId },
    });
    expect(dismissed.status).toBe(204);
    const after = await call<{ data: Suggestion[] }>(suggestionsRoute.GET, "GET", "x", { headers });
    expect(after.json.data).toEqual([]);

    // The accepted rule files the counterpart's next transaction at the sync.
    await syncPage(target, [bankEntry("a4", "-10.00", { creditorName: "Acme Tools", remittanceInformation: "a4" })]);
    expect((await rowStates(accountId)).get("a4")).toMatchObject({
      category_id: software,
      category_rule_id: accepted.json.data.id,
    });
  });
});
