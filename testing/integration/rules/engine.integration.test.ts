// The rules engine as the sync runs it, in the page's transaction, on the rows the page added or
// changed: rules in position order, the first category winning; a person's edit never overwritten by
// a later sync or rule; counterpart defaults for the rest; and a rule that cannot run leaves the
// page saved, the rule marked and the scope's members told.
import { describe, expect, it } from "vitest";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { applyRulesToRows, loadRules, RulesSeen } from "@/lib/rules/engine";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { ingestAssigned } from "@/testing/support/sync/page-ingest";
import {
  categoryOf,
  personCategory,
  rowStates,
  storedRule,
  syncPage,
  withoutDefaultRules,
} from "@/testing/support/rules/page";

async function world() {
  const person = await makePerson("rules-engine");
  await withoutDefaultRules(person.scopeId);
  const { accountId } = await storedAccount(person, 0);
  const account = { id: accountId };
  const target = { scopeId: person.scopeId, accountId };
  const cat = (key: string) => categoryOf(person.scopeId, key);
  return { person, account, target, cat };
}

const words = (...list: string[]) => ({ type: "words", words: list, in: "any" }) as const;

describe("rules in the sync's page", () => {
  it("runs in position order: the first matching rule's category wins; tags of every match are added", async () => {
    const { person, account, target, cat } = await world();
    const [rent, software] = [await cat("rent"), await cat("software")];
    const second = await storedRule(person.scopeId, [words("office")], { categoryId: software, addTags: ["b"] }, 2);
    const first = await storedRule(person.scopeId, [words("rent")], { categoryId: rent, addTags: ["a"] }, 1);

    await syncPage(target, [
      bankEntry("both", "-900.00", { remittanceInformation: "Rent office March" }),
      bankEntry("second", "-20.00", { remittanceInformation: "Office chairs" }),
      bankEntry("none", "-5.00", { remittanceInformation: "Parking" }),
    ]);
    const rows = await rowStates(account.id);
    expect(rows.get("both")).toMatchObject({
      category_id: rent,
      category_source: "rule",
      category_rule_id: first.id,
      tags: ["a", "b"],
    });
    expect(rows.get("second")).toMatchObject({ category_id: software, category_rule_id: second.id, tags: ["b"] });
    expect(rows.get("none")).toMatchObject({ category_id: null, category_source: null, tags: [] });

    // Reordered: the other rule now comes first and wins when the row changes at the bank.
    await prisma().rule.update({ where: { id: second.id }, data: { position: 0 } });
    await syncPage(target, [bankEntry("both", "-901.00", { remittanceInformation: "Rent office March" })]);
    expect((await rowStates(account.id)).get("both")).toMatchObject({
      category_id: software,
      category_rule_id: second.id,
    });
  });

  it("never overwrites a person's category, not when the bank changes the row, nor when a rule matches", async () => {
    const { person, account, target, cat } = await world();
    const [rent, taxes] = [await cat("rent"), await cat("taxes")];
    await storedRule(person.scopeId, [words("rent")], { categoryId: rent, note: "by rule" });
    await syncPage(target, [
      bankEntry("mine", "-900.00", { remittanceInformation: "Rent" }),
      bankEntry("cleared", "-800.00", { remittanceInformation: "Rent" }),
    ]);
    await personCategory(account.id, "mine", taxes);
    await personCategory(account.id, "cleared", null);
    await pool().query(
      `UPDATE transactions SET note = NULL, person_fields = person_fields || '{note}' WHERE account_id = $1 AND external_id = 'mine'`,
      [account.id],
    );

    // The bank corrects both rows: the sync writes them and runs the rules on them again.
    await syncPage(target, [
      bankEntry("mine", "-950.00", { remittanceInformation: "Rent" }),
      bankEntry("cleared", "-850.00", { remittanceInformation: "Rent" }),
    ]);
    const rows = await rowStates(account.id);
    expect(rows.get("mine")).toMatchObject({ category_id: taxes, category_source: "person", note: null });
    expect(rows.get("cleared")).toMatchObject({ category_id: null, category_source: "person", note: "by rule" });
  });

  it("gives rows no rule files their counterpart's default category, followed through a consolidation", async () => {
    const { person, account, target, cat } = await world();
    const [utilities, rent] = [await cat("utilities"), await cat("rent")];
    await storedRule(person.scopeId, [words("rent")], { categoryId: rent });
    await syncPage(target, [
      bankEntry("power", "-70.00", { creditorName: "Power Co", remittanceInformation: "Bill 1" }),
    ]);
    const { rows } = await pool().query<{ counterpart_id: string }>(
      "SELECT counterpart_id FROM transactions WHERE account_id = $1 AND external_id = 'power'",
      [account.id],
    );
    // The row's counterpart is consolidated into a root that carries the default.
    const root = await prisma().counterpart.create({
      data: { scopeId: person.scopeId, name: "Power root", defaultCategoryId: utilities },
    });
    await prisma().counterpart.update({ where: { id: rows[0].counterpart_id }, data: { mergedIntoId: root.id } });

    await syncPage(target, [
      bankEntry("power", "-71.00", { creditorName: "Power Co", remittanceInformation: "Bill 1" }),
      bankEntry("power-rent", "-72.00", { creditorName: "Power Co", remittanceInformation: "Rent of the meter" }),
    ]);
    const after = await rowStates(account.id);
    expect(after.get("power")).toMatchObject({
      category_id: utilities,
      category_source: "counterpart",
      category_rule_id: null,
    });
    expect(after.get("power-rent")).toMatchObject({ category_id: rent, category_source: "rule" });
  });

  it("writes a note only where there is none, marks transfers and binds a counterpart, each once", async () => {
    const { person, account, target } = await world();
    const bound = await prisma().counterpart.create({ data: { scopeId: person.scopeId, name: "Landlord" } });
    await storedRule(person.scopeId, [words("sweep")], {
      note: "sweep",
      markTransfer: true,
      bindCounterpartId: bound.id,
    });
    await syncPage(target, [bankEntry("s1", "-100.00", { remittanceInformation: "Weekly sweep" })]);
    expect((await rowStates(account.id)).get("s1")).toMatchObject({
      note: "sweep",
      transfer_override: true,
      bound_counterpart_id: bound.id,
    });
  });

  it("new rows whose counterpart is known are filed as they are inserted: written once, as the rules pass writes them", async () => {
    const { person, account, target, cat } = await world();
    const [rent, utilities] = [await cat("rent"), await cat("utilities")];
    const bound = await prisma().counterpart.create({ data: { scopeId: person.scopeId, name: "Savings" } });
    await storedRule(person.scopeId, [words("rent")], { categoryId: rent, addTags: ["home", "fixed"] }, 1);
    await storedRule(person.scopeId, [words("march")], { addTags: ["q1"], note: "first quarter" }, 2);
    await storedRule(person.scopeId, [words("sweep")], { markTransfer: true, bindCounterpartId: bound.id }, 3);
    const parties = { landlord: "Landlord BV", power: "Power Co", bank: "Own Savings" };
    const rows = (n: number) => [
      bankEntry(`rent-${n}`, "-900.00", { creditorName: parties.landlord, remittanceInformation: `Rent March ${n}` }),
      bankEntry(`power-${n}`, "-70.00", { creditorName: parties.power, remittanceInformation: `Bill ${n}` }),
      bankEntry(`sweep-${n}`, "-50.00", { creditorName: parties.bank, remittanceInformation: `Sweep ${n}` }),
      bankEntry(`other-${n}`, "-5.00", {
        creditorName: parties.power,
        remittanceInformation: `Rent of the meter ${n}`,
      }),
    ];
    // The first page meets its parties (counterparts made after the upsert, so the rules pass files
    // it); the power company's counterpart then gets a default category.
    await syncPage(target, rows(1));
    await pool().query(
      `UPDATE counterparts SET default_category_id = $2 WHERE id = (SELECT counterpart_id FROM transactions WHERE account_id = $1 AND external_id = 'power-1')`,
      [account.id, utilities],
    );
    await syncPage(target, rows(2));

    // The second page's rows were filed by the insert: each took one change number, never a second.
    const { rows: seqs } = await pool().query<{ external_id: string; once: boolean }>(
      "SELECT external_id, change_seq = created_seq AS once FROM transactions WHERE account_id = $1 AND external_id LIKE '%-2' ORDER BY 1",
      [account.id],
    );
    expect(seqs.map((r) => r.once)).toEqual([true, true, true, true]);

    // The same pages in another account of the scope, unfiled by the upsert and all filed by the pass.
    const other = await storedAccount(person, 0);
    for (const n of [1, 2])
      await pgTransaction(async (client) => {
        const counts = await ingestAssigned(
          client,
          { ...target, accountId: other.accountId, runId: crypto.randomUUID() },
          rows(n),
        );
        await applyRulesToRows(client, person.scopeId, counts.written, await loadRules(client, person.scopeId));
      });
    const [filed, passed] = [await rowStates(account.id), await rowStates(other.accountId)];
    // (The first page's power row was filed before its counterpart had a default; the other's after.)
    const second = [...passed.keys()].filter((id) => id.endsWith("-2"));
    expect(second).toHaveLength(4);
    for (const id of second) expect(filed.get(id), id).toEqual(passed.get(id));
    expect(filed.get("rent-2")).toMatchObject({
      category_id: rent,
      tags: ["fixed", "home", "q1"],
      note: "first quarter",
    });
    expect(filed.get("power-2")).toMatchObject({ category_id: utilities, category_source: "counterpart" });
    expect(filed.get("sweep-2")).toMatchObject({ transfer_override: true, bound_counterpart_id: bound.id });
  });

  it("a stored rule that is no longer valid is skipped: the page is saved, the rule marked failed, the members told", async () => {
    const { person, account, target, cat } = await world();
    const bad = await storedRule(
      person.scopeId,
      [{ type: "amount", min: "lots" }],
      { categoryId: await cat("fees") },
      1,
    );
    const good = await storedRule(person.scopeId, [words("rent")], { categoryId: await cat("rent") }, 2);
    await syncPage(target, [bankEntry("r", "-900.00", { remittanceInformation: "Rent" })]);

    expect((await rowStates(account.id)).get("r")).toMatchObject({ category_rule_id: good.id });
    const marked = await prisma().rule.findUniqueOrThrow({ where: { id: bad.id } });
    expect(marked.failedAt).not.toBeNull();
    expect(marked.failure).toMatch(/conditions/);
    const told = await prisma().notification.findMany({ where: { scopeId: person.scopeId, kind: "rule.failed" } });
    expect(told.map((n) => [n.subjectId, n.href])).toEqual([[bad.id, "/rules"]]);
  });

  it("a run's pages share one list of rules while the stored rules read the same; a change, or a marking rolled back, is read again", async () => {
    const { person, cat } = await world();
    const rule = await storedRule(person.scopeId, [words("rent")], { categoryId: await cat("rent") }, 1);
    const bad = await storedRule(person.scopeId, [{ type: "amount", max: "lots" }], { note: "never" }, 2);
    const seen = new RulesSeen();
    const read = () => pgTransaction((client) => loadRules(client, person.scopeId, seen));
    // The first page marks the refused rule, but its transaction is rolled back: the next page marks it again.
    await expect(
      pgTransaction(async (client) => {
        await loadRules(client, person.scopeId, seen);
        throw new Error("the page's transaction is rolled back");
      }),
    ).rejects.toThrow(/rolled back/);
    expect((await prisma().rule.findUniqueOrThrow({ where: { id: bad.id } })).failedAt).toBeNull();
    const first = await read();
    expect(first.map((r) => r.id)).toEqual([rule.id]);
    expect((await prisma().rule.findUniqueOrThrow({ where: { id: bad.id } })).failedAt).not.toBeNull();
    // Read again with the refused rule now marked, then unchanged: the same list.
    const second = await read();
    expect(await read()).toBe(second);
    // A rule changed between pages is read again.
    await prisma().rule.update({ where: { id: rule.id }, data: { conditions: [words("huur")] } });
    const changed = await read();
    expect(changed).not.toBe(second);
    expect(changed[0].conditions).toEqual([words("huur")]);
  });
});
