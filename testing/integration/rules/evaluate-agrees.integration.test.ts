// The two places rules run say the same thing of a new row: lib/rules/evaluate.ts (the sync's new
// rows, in the process) and lib/rules/effect-sql.ts (stored rows, in PostgreSQL). Random rows and
// rules; each row's filing by both compared field by field. The rows hold what trips a copy: text in
// upper case with accents, runs of punctuation and symbols between words, amounts at another scale
// than a bound ("10" and "10.00") and a negative zero; counterparts merged into others and with a
// parent, each row's counterpart worked out here from that structure, not by the SQL's lookup.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { pgTransaction, prisma } from "@/lib/db/client";
import { Params } from "@/lib/rules/compile";
import { effectStatement } from "@/lib/rules/effect-sql";
import { evaluator, type CounterpartFacts, type RowFacts } from "@/lib/rules/evaluate";
import type { ParsedRule } from "@/lib/rules/parse";
import { Actions, Condition } from "@/lib/rules/schemas";
import { makePerson } from "@/testing/support/fixtures";
import { type RowState, withoutDefaultRules } from "@/testing/support/rules/page";
import { storedAccount } from "@/testing/support/stored-account";

type World = {
  scopeId: string;
  accountId: string;
  categories: string[];
  counterparts: {
    id: string;
    parentId: string | null;
    mergedIntoId: string | null;
    defaultCategoryId: string | null;
  }[];
};
let world: World;

beforeAll(async () => {
  const person = await makePerson("rules-agree");
  await withoutDefaultRules(person.scopeId);
  const { accountId } = await storedAccount(person, 0);
  const categories = (await prisma().category.findMany({ where: { scopeId: person.scopeId }, take: 3 })).map(
    (c) => c.id,
  );
  const make = (name: string, data: { parentId?: string; mergedIntoId?: string; defaultCategoryId?: string } = {}) =>
    prisma().counterpart.create({ data: { scopeId: person.scopeId, name, ...data } });
  const family = await make("Family", { defaultCategoryId: categories[0] });
  const child = await make("Child", { parentId: family.id });
  const kept = await make("Kept", { defaultCategoryId: categories[1] });
  const merged = await make("Merged", { mergedIntoId: kept.id, defaultCategoryId: categories[2] });
  const twice = await make("Twice", { mergedIntoId: merged.id });
  const loose = await make("Loose");
  world = {
    scopeId: person.scopeId,
    accountId,
    categories,
    counterparts: [family, child, kept, merged, twice, loose],
  };
});

/** The root (merges followed) of counterpart `id`, its parent and default category, from the fixture. */
function factsOf(id: string | null): CounterpartFacts | null {
  let at = world.counterparts.find((c) => c.id === id);
  if (!at) return null;
  while (at.mergedIntoId) at = world.counterparts.find((c) => c.id === at!.mergedIntoId)!;
  return { rootId: at.id, parentId: at.parentId, defaultCategoryId: at.defaultCategoryId };
}

const WORDS = ["Loonbetaling", "LOON", "huur", "ÉCOLE", "école", "Café", "STRASSE", "straße", "rent", "Über", "ballon"];
const SEPARATORS = [" ", "  ", "-", ".", ", ", "/", "\t", " € ", "+", "’", " – ", "_", "'", "&", "(", ")"];
const text = fc.option(
  fc
    .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 5 })
    .map((parts) => parts.map(([w, s]) => w + s).join("")),
);
const amount = fc
  .tuple(
    fc.constantFrom("", "-"),
    fc.constantFrom("0", "5", "10", "99", "150", "1000"),
    fc.constantFrom("", ".5", ".00", ".05", ".99"),
  )
  .map(([sign, whole, fraction]) => `${sign}${whole}${fraction}`);
const row = fc.record({
  amount,
  currency: fc.constantFrom("EUR", "USD"),
  creditorName: text,
  debtorName: text,
  ultimateCreditor: text,
  ultimateDebtor: text,
  remittance: text,
  creditorId: fc.option(fc.constantFrom("CID1", "CID2")),
  mandateId: fc.option(fc.constantFrom("M1", "M2")),
  bankTransactionCode: fc.option(fc.constantFrom("PMNT-CCRD-POSD", "PMNT-ICDT-ESCT", "pmnt-rcdt-esct")),
  proprietaryBankTransactionCode: fc.option(fc.constantFrom("SEPA-DD", "CARD")),
  counterpart: fc.nat(6),
  otherAccount: fc.boolean(),
});
const BOUNDS = ["0", "0.5", "5.00", "10", "99.99", "150"];

function conditionOf(world: World) {
  const cps = world.counterparts.map((c) => c.id);
  return fc.oneof(
    fc.record({
      type: fc.constant("counterpart"),
      counterpartId: fc.constantFrom(...cps),
      includeFamily: fc.boolean(),
    }),
    fc.record({
      type: fc.constant("words"),
      words: fc.array(
        fc.constantFrom(
          "loon",
          "école",
          "ecole",
          "cafe",
          "café",
          "rent",
          "strasse",
          "straße",
          "über",
          "r e",
          "ballon",
          "café rent",
          "loonbetaling loon",
          "huur r",
          "r",
          "é",
          "!!",
        ),
        { minLength: 1, maxLength: 3 },
      ),
      in: fc.constantFrom("remittance", "names", "any"),
    }),
    fc
      .tuple(fc.nat(BOUNDS.length - 1), fc.nat(BOUNDS.length - 1), fc.constantFrom("min", "max", "both"))
      .map(([a, b, which]) => {
        const [lo, hi] = [BOUNDS[Math.min(a, b)], BOUNDS[Math.max(a, b)]];
        return { type: "amount", ...(which !== "max" && { min: lo }), ...(which !== "min" && { max: hi }) };
      }),
    fc.record({ type: fc.constant("direction"), direction: fc.constantFrom("in", "out") }),
    fc.record({ type: fc.constant("currency"), currencies: fc.constantFrom(["EUR"], ["USD"], ["GBP", "USD"]) }),
    fc.record({ type: fc.constant("creditorId"), values: fc.constantFrom(["CID1"], ["CID2", "CID3"]) }),
    fc.record({ type: fc.constant("mandateId"), values: fc.constantFrom(["M1"], ["M2"]) }),
    fc.record({
      type: fc.constant("bankTransactionCode"),
      codes: fc.constantFrom(["PMNT-CCRD"], ["pmnt"], ["SEPA", "card"]),
    }),
    fc.record({ type: fc.constant("account"), accountIds: fc.constant([world.accountId]) }),
  );
}

function ruleOf(world: World) {
  return fc
    .record(
      {
        conditions: fc.array(conditionOf(world), { minLength: 1, maxLength: 3 }),
        categoryId: fc.constantFrom(...world.categories),
        addTags: fc.array(fc.constantFrom("b", "a", "über", "z-1", "ä", "B2"), { minLength: 1, maxLength: 3 }),
        note: fc.constantFrom("note one", "note two"),
        markTransfer: fc.constant(true),
        bindCounterpartId: fc.constantFrom(...world.counterparts.map((c) => c.id)),
      },
      { requiredKeys: ["conditions"] },
    )
    .filter(({ conditions: _, ...actions }) => Object.keys(actions).length > 0)
    .map(({ conditions, ...actions }) => ({ conditions, actions }));
}

class Rollback extends Error {}

describe("rules on a new row: the process and the SQL agree", () => {
  it("gives every random row the same category, tags, note, transfer mark and binding both ways", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.array(
          fc.constant(null).chain(() => ruleOf(world)),
          { minLength: 1, maxLength: 6 },
        ),
        async (rows, drafts) => {
          const rules: ParsedRule[] = drafts.map((d, i) => ({
            id: crypto.randomUUID(),
            name: `rule ${i}`,
            conditions: d.conditions.map((c) => Condition.parse(c)),
            actions: Actions.parse(d.actions),
          }));
          const otherAccount = crypto.randomUUID();
          const facts: (RowFacts & { cp: string | null })[] = rows.map((r) => ({
            accountId: r.otherAccount ? otherAccount : world.accountId,
            amount: r.amount,
            currency: r.currency,
            creditorId: r.creditorId,
            mandateId: r.mandateId,
            bankTransactionCode: r.bankTransactionCode,
            proprietaryBankTransactionCode: r.proprietaryBankTransactionCode,
            remittance: r.remittance,
            names: [r.creditorName, r.debtorName, r.ultimateCreditor, r.ultimateDebtor],
            cp: world.counterparts[r.counterpart]?.id ?? null,
          }));
          const inProcess = evaluator(rules);
          const expected = facts.map((f) => inProcess.file(f, factsOf(f.cp), new Set()));
          // Rows in the other account exist only in the process: the SQL reads account_id from the row.
          const stored = facts.map((f, i) => ({ ...f, i })).filter((f) => f.accountId === world.accountId);
          const actual = await inRolledBack(async (client) => {
            const ids: string[] = [];
            for (const f of stored) {
              const { rows: made } = await client.query<{ id: string }>(
                `INSERT INTO transactions (id, scope_id, account_id, external_id, status, sort_date, amount, currency,
                         creditor_name, debtor_name, ultimate_creditor, ultimate_debtor, remittance_information,
                         creditor_id, mandate_id, bank_transaction_code, proprietary_bank_transaction_code, counterpart_id)
                 VALUES (gen_random_uuid(), $1, $2, $3, 'booked', '2026-01-01', $4::numeric, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
                 RETURNING id`,
                [
                  world.scopeId,
                  world.accountId,
                  `agree-${crypto.randomUUID()}`,
                  f.amount,
                  f.currency,
                  ...f.names,
                  f.remittance,
                  f.creditorId,
                  f.mandateId,
                  f.bankTransactionCode,
                  f.proprietaryBankTransactionCode,
                  f.cp,
                ],
              );
              ids.push(made[0].id);
            }
            const p = new Params();
            const selection = `t.id = ANY(${p.add(ids, "uuid[]")})`;
            await client.query(effectStatement(rules, selection, p, { kind: "sync" }), p.values);
            const { rows: out } = await client.query<RowState & { id: string }>(
              `SELECT id, external_id, category_id, category_source, category_rule_id, tags, note, transfer_override, bound_counterpart_id
                 FROM transactions WHERE id = ANY($1::uuid[])`,
              [ids],
            );
            return ids.map((id) => out.find((o) => o.id === id)!);
          });
          stored.forEach((f, k) => {
            const e = expected[f.i];
            const a = actual[k];
            expect({
              categoryId: a.category_id,
              categorySource: a.category_source,
              categoryRuleId: a.category_rule_id,
              tags: a.tags,
              note: a.note,
              transferOverride: a.transfer_override,
              boundCounterpartId: a.bound_counterpart_id,
            }).toEqual(e);
          });
          // The account condition in the process: a row of another account matches no account rule.
          facts.forEach((f, i) => {
            if (f.accountId !== world.accountId)
              for (const r of rules)
                if (r.conditions.some((c) => c.type === "account")) expect(expected[i].categoryRuleId).not.toBe(r.id);
          });
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});

async function inRolledBack<T>(
  run: (client: Parameters<Parameters<typeof pgTransaction>[0]>[0]) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await pgTransaction(async (client) => {
    result = await run(client);
    throw new Rollback();
  }).catch((error) => {
    if (!(error instanceof Rollback)) throw error;
  });
  return result as T;
}
