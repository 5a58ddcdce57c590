// What rules cost the sync, two ways, each with 50 enabled rules (a scope's 17 default ones and 33 of a
// person's) against the same work in a scope whose rules were all deleted, after a warm-up of each,
// alternating, each round in the other order, into a fresh scope and account each time:
// - page writes alone (benchRulePages): pages of 1,000 bank-like rows written as the sync writes
//   them (lib/sync/page-write.ts writeRows), nearly every row filed by a rule;
// - the full sync of bulk-100000 (benchRules): the bank over HTTP, pages of 1,000, which also waits
//   on the bank, so its ratio is at most the first one.
import { prisma } from "@/lib/db/client";
import { executeRun } from "@/lib/sync/runner";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { makePerson } from "@/testing/support/fixtures";
import { categoryOf, storedRule, syncPage, withoutDefaultRules } from "@/testing/support/rules/page";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";

const BANK_USER = process.env.RULES_BENCH_USER ?? "bulk-100000";
const ROUNDS = Number(process.env.RULES_BENCH_ROUNDS ?? 4);

// Words of the bulk user's rows (its shops, card merchants, payroll) and words of nobody's.
const WORDS = [
  ["zalando"],
  ["bol com"],
  ["booking com"],
  ["spotify"],
  ["decathlon"],
  ["vinted"],
  ["coolblue"],
  ["supermarkt"],
  ["bakery"],
  ["cafe central"],
  ["pharmacy"],
  ["bookshop"],
  ["payroll"],
  ["insurance"],
  ["mortgage"],
  ["electricity"],
  ["water board"],
  ["telecom"],
  ["parking"],
  ["fuel"],
  ["train"],
  ["taxi"],
  ["hotel"],
  ["airline"],
  ["gym"],
  ["school"],
  ["tax office"],
  ["notary"],
  ["lawyer"],
  ["dentist"],
  ["florist"],
  ["cinema"],
  ["museum"],
];

async function scope(withRules: boolean) {
  const connected = await connectedConsent(BANK_USER);
  const { scopeId } = connected.person;
  if (!withRules) await prisma().rule.deleteMany({ where: { scopeId } });
  else {
    const categories = await prisma().category.findMany({ where: { scopeId }, orderBy: { key: "asc" } });
    const last = await prisma().rule.aggregate({ where: { scopeId }, _max: { position: true } });
    await prisma().rule.createMany({
      data: WORDS.map((words, i) => ({
        scopeId,
        name: `bench ${words[0]}`,
        position: (last._max.position ?? 0) + 1 + i,
        conditions: [
          { type: "words", words, in: "any" },
          ...(i % 3 === 0 ? [{ type: "direction", direction: "out" }] : []),
          ...(i % 4 === 0 ? [{ type: "amount", min: "1.00", max: "5000.00" }] : []),
        ],
        actions: { categoryId: categories[i % categories.length].id, addTags: [`bench-${i % 5}`] },
      })),
    });
  }
  const rules = await prisma().rule.count({ where: { scopeId, enabled: true } });
  return { connected, rules };
}

async function timedSync(withRules: boolean) {
  const { connected, rules } = await scope(withRules);
  const { account, run } = await trackedAccount(connected);
  const t = performance.now();
  await executeRun(run.id, "bench");
  const ms = performance.now() - t;
  const done = await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } });
  if (done.state !== "succeeded") throw new Error(`sync ${done.state}: ${done.lastError}`);
  const [rows, filed] = await Promise.all([
    prisma().transaction.count({ where: { accountId: account.id } }),
    prisma().transaction.count({ where: { accountId: account.id, categoryId: { not: null } } }),
  ]);
  return { ms, rules, rows, filed };
}

export type RulesBench = {
  rounds: { withMs: number; withoutMs: number }[];
  rules: number;
  rows: number;
  filed: number;
};

export async function benchRules(): Promise<RulesBench> {
  await timedSync(true);
  await timedSync(false);
  const rounds: RulesBench["rounds"] = [];
  let last = { rules: 0, rows: 0, filed: 0 };
  for (let i = 0; i < ROUNDS; i += 1) {
    const order = i % 2 === 0 ? [true, false] : [false, true];
    const ms = { withMs: 0, withoutMs: 0 };
    for (const withRules of order) {
      const r = await timedSync(withRules);
      if (withRules) {
        ms.withMs = r.ms;
        last = r;
      } else ms.withoutMs = r.ms;
    }
    rounds.push(ms);
  }
  return { rounds, ...last };
}

const PAGES = 6;
const SUPPLIERS = Array.from({ length: 60 }, (_, i) => `Supplier ${i} BV`);
const WHAT = ["Invoice", "Rent March", "Card payment", "Salary", "Fuel", "Subscription", "Refund", "Transfer"];

function page(p: number) {
  return Array.from({ length: 1000 }, (_, i) => {
    const n = p * 1000 + i;
    return bankEntry(`r${n}`, `${n % 3 === 0 ? "" : "-"}${(n % 997) + 1}.${String(n % 100).padStart(2, "0")}`, {
      bookingDate: `2026-0${(n % 9) + 1}-1${n % 10}`,
      creditorName: SUPPLIERS[n % SUPPLIERS.length],
      remittanceInformation: `${WHAT[n % WHAT.length]} ${n}`,
      bankTransactionCode: n % 5 === 0 ? "PMNT-CCRD-POSD" : "PMNT-ICDT-ESCT",
    });
  });
}

async function pageTarget(withRules: boolean) {
  const person = await makePerson("bench-rules");
  if (!withRules) await withoutDefaultRules(person.scopeId);
  else {
    const other = await categoryOf(person.scopeId, "other");
    for (let i = 0; i < 33; i += 1)
      await storedRule(
        person.scopeId,
        [
          { type: "words", words: [`Supplier ${i} `], in: "names" },
          { type: "direction", direction: "out" },
        ],
        { categoryId: other, addTags: [`s${i}`] },
      );
  }
  const { accountId } = await storedAccount(person, 0);
  return { scopeId: person.scopeId, accountId };
}

/** Page writes with 50 rules and without, in ms, over `PAGES` pages of 1,000 a side and round. */
export async function benchRulePages(): Promise<{ rows: number; withMs: number; withoutMs: number }> {
  const pages = Array.from({ length: PAGES }, (_, p) => page(p));
  const ms = { withMs: 0, withoutMs: 0 };
  for (const round of [-1, 0, 1, 2]) {
    for (const withRules of round % 2 === 0 ? [true, false] : [false, true]) {
      const target = await pageTarget(withRules);
      const started = performance.now();
      for (const rows of pages) await syncPage(target, rows);
      if (round >= 0) ms[withRules ? "withMs" : "withoutMs"] += performance.now() - started;
    }
  }
  return { rows: PAGES * 1000 * 3, ...ms };
}
