// The page upsert's fast path (keys resolved per distinct party of the page, in the upsert) must
// assign exactly what the full step, assign_counterparts, assigns from the same keys.
import { describe, expect, it } from "vitest";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool } from "@/lib/db/client";
import { ingestPage } from "@/lib/sync/ingest";
import { reconcile } from "@/lib/sync/reconcile";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { ingestAssigned, rowCounterparts } from "@/testing/support/sync/page-ingest";

const row = (id: string, amount: string, party: Partial<BankTransaction>) => bankEntry(id, amount, party);

// Debits name the creditor, credits the debtor; "-0.00" is not a debit; an intermediary's IBAN does
// not identify the party behind it. The same fields with another sign are another party.
const shop = { creditorName: "Shop B.V.", creditorIban: "NL91ABNA0417164300", debtorName: "Anna Smit" };
const page = (prefix: string) => [
  row(`${prefix}1`, "-12.50", shop),
  row(`${prefix}2`, "-3.10", shop),
  row(`${prefix}3`, "40.00", shop),
  row(`${prefix}4`, "-0.00", shop),
  row(`${prefix}5`, "-9.99", {
    creditorName: "Pay Co",
    creditorIban: "DE89370400440532013000",
    ultimateCreditor: "Books",
  }),
  row(`${prefix}6`, "-7.00", { creditorName: "SHOP BV", creditorIban: "NL91 ABNA 0417 1643 00" }),
];

async function ingest(scopeId: string, accountId: string, rows: BankTransaction[]) {
  await pgTransaction((client) => ingestAssigned(client, { scopeId, accountId, runId: crypto.randomUUID() }, rows));
}

const counterparts = (accountId: string) => rowCounterparts(accountId, "p%");

describe("page upsert", () => {
  it("assigns, per distinct party of the page, what the full step assigns from the same keys", async () => {
    const person = await makePerson();
    const { accountId } = await storedAccount(person, 0);
    // First sight of the parties: the full step creates them and learns their keys.
    await ingest(person.scopeId, accountId, page("a"));
    // Known parties: the upsert alone assigns them (nothing left for the full step).
    await pgTransaction(async (client) => {
      const counts = await ingestPage(
        client,
        { scopeId: person.scopeId, accountId, runId: crypto.randomUUID() },
        page("p"),
      );
      expect(counts).toMatchObject({ added: 6, unresolved: [] });
    });
    const fast = await counterparts(accountId);
    expect(fast.every((r) => r.counterpart_id !== null)).toBe(true);
    // Shop's two debits and the re-spelled one share a counterpart; the credit and the zero amount
    // name Anna Smit; the intermediary's payment goes to Books.
    const [p1, p2, p3, p4, p5, p6] = fast.map((r) => r.counterpart_id);
    expect([p2, p6, p4, p5 === p1]).toEqual([p1, p1, p3, false]);
    expect(p3).not.toBe(p1);

    await pool().query("UPDATE transactions SET counterpart_id = NULL WHERE account_id = $1", [accountId]);
    await pgTransaction((client) => assignCounterparts(client, { scopeId: person.scopeId, accountId }));
    expect(await counterparts(accountId)).toEqual(fast);
  });
});

describe("re-ingest of unchanged rows", () => {
  it("writes nothing for rows the bank left unchanged, yet reconcile knows the run saw them; a changed row is written and numbered", async () => {
    const person = await makePerson();
    const { accountId } = await storedAccount(person, 0);
    const rows = page("u");
    const versions = async () =>
      (
        await pool().query<{ external_id: string; version: string; locker: string; change_seq: string }>(
          "SELECT external_id, xmin::text AS version, xmax::text AS locker, change_seq::text FROM transactions WHERE account_id = $1 ORDER BY external_id",
          [accountId],
        )
      ).rows;
    await ingest(person.scopeId, accountId, rows);
    const before = await versions();

    // The next run lists the same rows, one with a corrected amount.
    const runId = crypto.randomUUID();
    const changed = { ...rows[0], amount: "-12.60" };
    const counts = await pgTransaction(async (client) => {
      const target = { scopeId: person.scopeId, accountId, runId };
      const result = await ingestAssigned(client, target, [changed, ...rows.slice(1)]);
      await reconcile(client, { accountId, runId, dateFrom: "2026-01-01" });
      return result;
    });
    expect(counts).toMatchObject({ added: 0, updated: 1, unchanged: rows.length - 1 });
    const after = await versions();
    // Same tuple versions, not even locked (no write at all), for the unchanged rows; a new version and a new change
    // number for the corrected one; and reconcile removed nothing, as every row was listed.
    expect(after.slice(1)).toEqual(before.slice(1));
    expect(after[0].version).not.toBe(before[0].version);
    expect(BigInt(after[0].change_seq)).toBeGreaterThan(BigInt(before[0].change_seq));
    const { rows: removed } = await pool().query(
      "SELECT external_id FROM transactions WHERE account_id = $1 AND removed_at IS NOT NULL",
      [accountId],
    );
    expect(removed).toEqual([]);
  });
});
