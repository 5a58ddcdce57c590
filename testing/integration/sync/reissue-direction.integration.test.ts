// Re-issue pairing respects the payment's direction: money out to a party and money in from it are
// two events, whatever their absolute amount, and the party compared is the other side of each
// payment (the creditor of a debit, the debtor of a credit), never our own account that some banks
// name on the other side. Rows are ingested as two runs would write them, then reconciled.
import { describe, expect, it } from "vitest";
import type { BankTransaction } from "@/lib/banking/types";
import { pgTransaction, pool } from "@/lib/db/client";
import { ingestPage } from "@/lib/sync/ingest";
import { reconcile } from "@/lib/sync/reconcile";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";

const OURS = "BE68539007547034";
const SHOP = "NL91ABNA0417164300";
const ANNA = "DE89370400440532013000";
const BOB = "FR1420041010050500013M02606";

const entry = (id: string, amount: string, party: Partial<BankTransaction>) =>
  bankEntry(id, amount, { bookingDate: "2026-03-02", ...party });

// Some banks name our own account on the other side of each payment, some do not.
const toShop = { creditorName: "Shop B.V.", creditorIban: SHOP, debtorIban: OURS };
const fromShop = { debtorName: "Shop B.V.", debtorIban: SHOP, creditorIban: OURS };
const toShopOnly = { creditorName: "Shop B.V.", creditorIban: SHOP };
const fromShopOnly = { debtorName: "Shop B.V.", debtorIban: SHOP };

/** The bank listed `before` in one run and `after` (new ids) in the next: what reconcile makes of it. */
async function twoRuns(before: BankTransaction, after: BankTransaction) {
  const person = await makePerson("direction");
  const { accountId } = await storedAccount(person, 0);
  const target = { scopeId: person.scopeId, accountId };
  await pgTransaction((client) => ingestPage(client, { ...target, runId: crypto.randomUUID() }, [before]));
  const runId = crypto.randomUUID();
  const result = await pgTransaction(async (client) => {
    await ingestPage(client, { ...target, runId }, [after]);
    return reconcile(client, { accountId, runId, dateFrom: "2026-01-01" });
  });
  const { rows } = await pool().query<{ external_id: string }>(
    "SELECT external_id FROM transactions WHERE account_id = $1 AND removed_at IS NULL ORDER BY external_id",
    [accountId],
  );
  return { ...result, live: rows.map((r) => r.external_id) };
}

describe("re-issue pairing and the payment's direction", () => {
  it.each([
    [
      "zero amounts (the sign is lost, the sides are not)",
      entry("old", "-0.00", toShopOnly),
      entry("new", "0.00", fromShopOnly),
    ],
    ["zero amounts, our account named", entry("old", "-0.00", toShop), entry("new", "0.00", fromShop)],
    ["the same absolute amount", entry("old", "-25.00", toShopOnly), entry("new", "25.00", fromShopOnly)],
    ["the same absolute amount, our account named", entry("old", "-25.00", toShop), entry("new", "25.00", fromShop)],
    ["a credit, then a debit", entry("old", "25.00", fromShop), entry("new", "-25.00", toShop)],
  ])("a debit and a credit with the same party and day never pair: %s", async (_what, before, after) => {
    const result = await twoRuns(before, after);
    expect([result.reissued, result.removed, result.live]).toEqual([0, 1, ["new"]]);
  });

  it("credits from two payers do not pair because the bank names our own account as their creditor", async () => {
    const fromAnna = entry("old", "25.00", { debtorName: "Anna", debtorIban: ANNA, creditorIban: OURS });
    const fromBob = entry("new", "25.00", { debtorName: "Bob", debtorIban: BOB, creditorIban: OURS });
    const result = await twoRuns(fromAnna, fromBob);
    expect([result.reissued, result.removed, result.live]).toEqual([0, 1, ["new"]]);
  });

  it.each([
    ["a debit", entry("old", "-25.00", toShop), entry("new", "-25.00", toShop)],
    ["a credit", entry("old", "25.00", fromShop), entry("new", "25.00", fromShop)],
    ["a zero amount", entry("old", "0.00", toShop), entry("new", "-0.00", toShop)],
    ["a zero amount, our account not named", entry("old", "0.00", fromShopOnly), entry("new", "0.00", fromShopOnly)],
  ])("a re-issue of %s still pairs (our row keeps its place, takes the new id)", async (_what, before, after) => {
    const result = await twoRuns(before, after);
    expect([result.reissued, result.removed, result.live]).toEqual([1, 0, ["new"]]);
  });
});
