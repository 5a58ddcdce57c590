// The maintained counterpart figures (migration counterpart_figures) against the read-time truth:
// fast-check applies random sequences of syncs (the real ingest, pages that add, change and move
// rows), removals and deletions as reconcile makes them, and every person change that moves rows
// between counterparts or in and out of the figures (bind, unbind, transfer marks, consolidation and
// its undo, families, a tracked IBAN or holder name that turns rows into own-account transfers).
// After each step: the figure rows (and the day figures the totals and account figures read) equal a
// GROUP BY over the transactions with the product's transfer rule, and the listing and the family
// totals equal the truth regrouped onto roots.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { scopeTransactionTotals } from "@/lib/accounttracking/transactions/scope-transactions";
import { transactionTotals } from "@/lib/accounttracking/transactions/totals";
import { setTransferOverride } from "@/lib/accounttracking/transactions/transfers";
import type { BankTransaction } from "@/lib/banking/types";
import { consolidate, undoConsolidation } from "@/lib/counterparts/consolidate";
import { setParent, unlinkParent } from "@/lib/counterparts/family";
import { listCounterparts } from "@/lib/counterparts/list";
import { totalsByRoot } from "@/lib/counterparts/sql";
import { bindTransaction } from "@/lib/counterparts/transactions";
import { pgTransaction, pool, prisma } from "@/lib/db/client";
import { ingestPage } from "@/lib/sync/ingest";
import { personActor } from "@/testing/support/audit";
import {
  dayFiguresFromRows,
  figuresFromRows,
  maintainedDayFigures,
  maintainedFigures,
  plainDecimal,
  rootTotals,
  type RootTotals,
} from "@/testing/support/counterpart-figures";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { ingestAssigned } from "@/testing/support/sync/page-ingest";

const OWNER = "Alice Owner";
const OWN_IBAN = "BE68 5390 0754 7034";
// Paid by account 0's rows; becomes an own account when the scope tracks it (the `trackIban` step).
const SISTER_IBAN = "NL91ABNA0417164300";
const PARTIES = ["Shop A", "Shop B", "Landlord", OWNER];
const IBANS = [null, SISTER_IBAN, "DE89370400440532013000"];

const row = fc.record({
  ext: fc.integer({ min: 0, max: 5 }),
  pending: fc.boolean(),
  day: fc.integer({ min: 1, max: 28 }),
  // Zero amounts too: neither money in nor out, counted all the same.
  cents: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 9, arbitrary: fc.integer({ min: -50_000, max: 50_000 }) },
  ),
  usd: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  party: fc.integer({ min: 0, max: PARTIES.length - 1 }),
  iban: fc.integer({ min: 0, max: IBANS.length - 1 }),
});

const pick = fc.integer({ min: 0, max: 1_000 });
const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("sync" as const),
      account: fc.integer({ min: 0, max: 1 }),
      rows: fc.array(row, { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom("remove" as const, "delete" as const),
      account: fc.integer({ min: 0, max: 1 }),
      ext: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("bind" as const), tx: pick, cp: fc.option(pick, { nil: null }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("book" as const), tx: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("mark" as const), tx: pick, value: fc.constantFrom(true, false, null) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("merge" as const), target: pick, member: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("undo" as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom("parent" as const, "unlink" as const), child: pick, parent: pick }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("trackIban" as const), later: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("untrackIban" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("owner" as const) }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

type World = { scopeId: string; userId: string; accounts: string[]; extra: string | null; consolidations: string[] };

type Row = typeof row extends fc.Arbitrary<infer R> ? R : never;

function entry(r: Row): BankTransaction {
  const date = `2026-03-${String(r.day).padStart(2, "0")}`;
  const amount = (r.cents / 100).toFixed(2);
  const debit = r.cents < 0;
  const party = PARTIES[r.party];
  const iban = IBANS[r.iban];
  return bankEntry(`x${r.ext}`, amount, {
    status: r.pending ? "pending" : "booked",
    bookingDate: r.pending ? null : date,
    valueDate: date,
    currency: r.usd ? "USD" : "EUR",
    ...(debit ? { creditorName: party, creditorIban: iban } : { debtorName: party, debtorIban: iban }),
  });
}

/** Settles a verb a person may be refused (a cycle, an already consolidated member): refusals are fine. */
async function attempt(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if ((error as { name?: string }).name !== "ApiError") throw error;
  }
}

const at = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

async function apply(world: World, c: Command) {
  const actor = personActor(world.userId);
  const counterparts = await prisma().counterpart.findMany({
    where: { scopeId: world.scopeId },
    orderBy: { id: "asc" },
  });
  const txIds = async () =>
    (
      await pool().query<{ id: string }>(
        "SELECT id FROM transactions WHERE scope_id = $1 AND removed_at IS NULL ORDER BY id",
        [world.scopeId],
      )
    ).rows.map((r) => r.id);
  switch (c.kind) {
    case "sync": {
      const accountId = world.accounts[c.account];
      // As the sync writes a page: the upsert, then the full assignment for what it could not resolve.
      await pgTransaction((client) =>
        ingestAssigned(client, { scopeId: world.scopeId, accountId, runId: randomUUID() }, c.rows.map(entry)),
      );
      return;
    }
    case "book": {
      // The bank books a pending row as it was (same id, amount, day and party): only its status moves.
      const { rows } = await pool().query<{
        account_id: string;
        external_id: string;
        value_date: string;
        amount: string;
        currency: string;
        creditor_name: string | null;
        creditor_iban: string | null;
        debtor_name: string | null;
        debtor_iban: string | null;
      }>(
        `SELECT account_id, external_id, value_date, amount::text, currency, creditor_name, creditor_iban, debtor_name, debtor_iban
           FROM transactions WHERE scope_id = $1 AND status = 'pending' AND removed_at IS NULL ORDER BY id`,
        [world.scopeId],
      );
      const p = at(rows, c.tx);
      if (!p) return;
      const booked = bankEntry(p.external_id, p.amount, {
        bookingDate: p.value_date,
        valueDate: p.value_date,
        currency: p.currency.trim(),
        creditorName: p.creditor_name,
        creditorIban: p.creditor_iban,
        debtorName: p.debtor_name,
        debtorIban: p.debtor_iban,
      });
      await pgTransaction((client) =>
        ingestPage(client, { scopeId: world.scopeId, accountId: p.account_id, runId: randomUUID() }, [booked]),
      );
      return;
    }
    case "remove":
    case "delete": {
      const sql =
        c.kind === "remove"
          ? "UPDATE transactions SET removed_at = now() WHERE account_id = $1 AND external_id = $2"
          : "DELETE FROM transactions WHERE account_id = $1 AND external_id = $2";
      await pool().query(sql, [world.accounts[c.account], `x${c.ext}`]);
      return;
    }
    case "bind": {
      const tx = at(await txIds(), c.tx);
      const cp = c.cp === null ? null : at(counterparts, c.cp)?.id;
      if (tx && cp !== undefined)
        await attempt(() => bindTransaction({ scopeId: world.scopeId, transactionId: tx, counterpartId: cp, actor }));
      return;
    }
    case "mark": {
      const tx = at(await txIds(), c.tx);
      if (tx) await setTransferOverride({ scopeId: world.scopeId, transactionId: tx, value: c.value, actor });
      return;
    }
    case "merge": {
      const target = at(counterparts, c.target);
      const member = at(counterparts, c.member);
      if (!target || !member) return;
      await attempt(async () => {
        const record = await consolidate({
          scopeId: world.scopeId,
          userId: world.userId,
          targetId: target.id,
          memberIds: [member.id],
          actor,
        });
        world.consolidations.push(record.id);
      });
      return;
    }
    case "undo": {
      const id = world.consolidations.pop();
      if (!id) return;
      const consolidation = await prisma().counterpartConsolidation.findUniqueOrThrow({ where: { id } });
      await undoConsolidation({ consolidation, actor });
      return;
    }
    case "parent":
    case "unlink": {
      const child = at(counterparts, c.child);
      const parent = at(counterparts, c.parent);
      if (!child || !parent) return;
      await attempt(() =>
        c.kind === "parent" ? setParent({ child, parentId: parent.id, actor }) : unlinkParent({ child, actor }),
      );
      return;
    }
    case "trackIban": {
      if (world.extra) return;
      // Tracked with its IBAN at once, or (as an account whose details arrive later) given it after.
      const model = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: world.accounts[1] } });
      const created = await prisma().trackedAccount.create({
        data: {
          scopeId: model.scopeId,
          consentId: model.consentId,
          integrationName: model.integrationName,
          bankId: model.bankId,
          countryCode: model.countryCode,
          accountType: model.accountType,
          externalId: `sister-${randomUUID()}`,
          currency: "EUR",
          iban: c.later ? null : SISTER_IBAN,
        },
      });
      if (c.later) await pool().query("UPDATE tracked_accounts SET iban = $2 WHERE id = $1", [created.id, SISTER_IBAN]);
      world.extra = created.id;
      return;
    }
    case "untrackIban": {
      if (!world.extra) return;
      await pool().query("DELETE FROM tracked_accounts WHERE id = $1", [world.extra]);
      world.extra = null;
      return;
    }
    case "owner": {
      // The holder's name appears, or changes to another: rows paid to that name turn into transfers.
      await pool().query(
        "UPDATE tracked_accounts SET owner_name = CASE WHEN owner_name = $2 THEN 'Landlord' ELSE $2 END WHERE id = $1",
        [world.accounts[1], OWNER],
      );
      return;
    }
  }
}

const plainTotals = (
  lines: { currency: string; count: number; sumIn: string; sumOut: string; lastDate: string | null }[],
): RootTotals[] =>
  lines.map((l) => ({
    currency: l.currency.trim(),
    count: l.count,
    sumIn: plainDecimal(l.sumIn),
    sumOut: plainDecimal(l.sumOut),
    lastDate: l.lastDate,
  }));

type Answer = Awaited<ReturnType<typeof transactionTotals>>;
const plainAnswer = (a: Answer) => ({
  ...a,
  currencies: a.currencies.map((c) => ({
    ...c,
    inflow: plainDecimal(c.inflow),
    outflow: plainDecimal(c.outflow),
    net: plainDecimal(c.net),
    transfers: { ...c.transfers, net: plainDecimal(c.transfers.net) },
  })),
});

async function check(world: World, step: string) {
  const truth = await figuresFromRows(world.scopeId);
  expect(await maintainedFigures(world.scopeId), `figure rows after ${step}`).toEqual(truth);
  expect(await maintainedDayFigures(world.scopeId), `day figures after ${step}`).toEqual(
    await dayFiguresFromRows(world.scopeId),
  );
  for (const accountId of world.accounts) {
    const listed = await prisma().$transaction((db) =>
      listCounterparts(
        db,
        world.scopeId,
        { id: accountId, currency: "EUR" },
        { sort: "name", order: "asc", perPage: 100 },
      ),
    );
    const expected = await rootTotals(world.scopeId, truth, accountId);
    const got = new Map(listed.items.map((i) => [i.id, plainTotals(i.totalsByCurrency)]));
    expect(got, `listing of account ${world.accounts.indexOf(accountId)} after ${step}`).toEqual(expected);
  }
  // The totals the day figures answer equal those read from the rows (minAmount "0" keeps every row
  // but makes the read take the rows' path), for an account, a period and the whole scope.
  for (const filter of [
    {},
    { fromDate: "2026-03-10", toDate: "2026-03-20" },
    { status: "booked" as const, direction: "out" as const },
  ]) {
    for (const accountId of world.accounts) {
      expect(plainAnswer(await transactionTotals(accountId, filter)), `totals of ${step}`).toEqual(
        plainAnswer(await transactionTotals(accountId, { ...filter, minAmount: "0" })),
      );
    }
    expect(plainAnswer(await scopeTransactionTotals(world.scopeId, filter)), `scope totals of ${step}`).toEqual(
      plainAnswer(await scopeTransactionTotals(world.scopeId, { ...filter, minAmount: "0" })),
    );
  }
  const roots = await rootTotals(world.scopeId, truth);
  const families = await prisma().$transaction((db) => totalsByRoot(db, world.scopeId, [...roots.keys()]));
  expect(new Map([...families].map(([id, lines]) => [id, plainTotals(lines)])), `family totals after ${step}`).toEqual(
    roots,
  );
}

describe("maintained counterpart figures", () => {
  it("equal the read-time GROUP BY after every sync and person change", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const person = await makePerson("figures");
        const first = await storedAccount(person, 0);
        const second = await storedAccount(person, 0);
        await pool().query("UPDATE tracked_accounts SET iban = $2, owner_name = $3 WHERE id = $1", [
          first.accountId,
          OWN_IBAN,
          OWNER,
        ]);
        const world: World = {
          ...person,
          accounts: [first.accountId, second.accountId],
          extra: null,
          consolidations: [],
        };
        for (const [i, c] of commands.entries()) {
          await apply(world, c);
          await check(world, `step ${i + 1} (${c.kind})`);
        }
      }),
      { numRuns: 60 },
    );
  }, 300_000);
});
