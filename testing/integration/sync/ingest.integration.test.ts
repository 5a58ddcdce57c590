// The page upsert's fast path (keys resolved per distinct party of the page, in the upsert) must
// assign exactly what the full step, assign_counterparts, assigns from the same keys.
import { describe, expect, it } from "vitest";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool } from "@/lib/db/client";
import { ingestPage } from "@/lib/sync/ingest";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";

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
  await pgTransaction(async (client) => {
    const counts = await ingestPage(client, { scopeId, accountId, runId: crypto.randomUUID() }, rows);
    await assignCounterparts(client, { scopeId, accountId, externalIds: counts.unresolved });
  });
}

const counterparts = async (accountId: string) =>
  (
    await pool().query<{ external_id: string; counterpart_id: string | null }>(
      "SELECT external_id, counterpart_id FROM transactions WHERE account_id = $1 AND external_id LIKE 'p%' ORDER BY external_id",
      [accountId],
    )
  ).rows;

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
