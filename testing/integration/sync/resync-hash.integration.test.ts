// A re-sync compares each stored row by its content_hash (lib/sync/ingest.ts) instead of sending and
// comparing every column. What must hold: a change the bank makes to any one field of a stored row is
// written (and numbered in the change feed); an unchanged re-sync writes nothing at all (same tuple
// versions, no change numbers); rows stored before the hash existed are compared in full once; and an
// update of a bank column by anything else than the sync is never mistaken for "unchanged".
import { describe, expect, it } from "vitest";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool } from "@/lib/db/client";
import { ingestPage } from "@/lib/sync/ingest";
import { reconcile } from "@/lib/sync/reconcile";
import { undoReissue } from "@/lib/sync/reissue-undo";
import { TEST_ACTOR } from "@/testing/support/audit";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";

/** Every field of a bank transaction but the id, set (so a change from a value, and to null, both show). */
const full = (id: string): BankTransaction =>
  bankEntry(id, "-12.50", {
    entryReference: `ref-${id}`,
    bookingDate: "2026-02-03",
    valueDate: "2026-02-02",
    creditorName: "Shop B.V.",
    creditorIban: "NL91ABNA0417164300",
    ultimateCreditor: "Shop Online",
    debtorName: "Anna Smit",
    debtorIban: "DE89370400440532013000",
    ultimateDebtor: "Anna",
    remittanceInformation: `Order ${id}`,
    creditorId: "NL98ZZZ999999999999",
    mandateId: "M-1",
    bankTransactionCode: "PMNT-ICDT-ESCT",
    endToEndId: `e2e-${id}`,
    proprietaryBankTransactionCode: "ONLINE",
  });

type Field = Exclude<keyof BankTransaction, "externalId" | "derivedId">;
type Change = [string, (t: BankTransaction) => BankTransaction];

// One change per field the bank sends (the list is checked against the type's keys below), and a few
// that only the text of a value shows.
const CHANGES: Record<Field, Change[]> = {
  entryReference: [["another reference", (t) => ({ ...t, entryReference: "ref-other" })]],
  status: [["booked → pending", (t) => ({ ...t, status: "pending" })]],
  bookingDate: [["booking date", (t) => ({ ...t, bookingDate: "2026-02-04" })]],
  valueDate: [["value date", (t) => ({ ...t, valueDate: "2026-02-01" })]],
  amount: [
    ["corrected amount", (t) => ({ ...t, amount: "-12.60" })],
    ["amount with another scale", (t) => ({ ...t, amount: "-12.500" })],
  ],
  currency: [["currency", (t) => ({ ...t, currency: "USD" })]],
  creditorName: [["creditor name", (t) => ({ ...t, creditorName: "Shop BV" })]],
  creditorIban: [["creditor IBAN", (t) => ({ ...t, creditorIban: "NL02ABNA0123456789" })]],
  ultimateCreditor: [["ultimate creditor gone", (t) => ({ ...t, ultimateCreditor: null })]],
  debtorName: [["debtor name", (t) => ({ ...t, debtorName: "Anna  Smit" })]],
  debtorIban: [["debtor IBAN", (t) => ({ ...t, debtorIban: "DE75512108001245126199" })]],
  ultimateDebtor: [["ultimate debtor", (t) => ({ ...t, ultimateDebtor: "" })]],
  remittanceInformation: [
    ["remittance", (t) => ({ ...t, remittanceInformation: `${t.remittanceInformation} (corrected)` })],
    ["remittance gone", (t) => ({ ...t, remittanceInformation: null })],
  ],
  creditorId: [["creditor id", (t) => ({ ...t, creditorId: "NL98ZZZ999999999998" })]],
  mandateId: [["mandate", (t) => ({ ...t, mandateId: "M-2" })]],
  bankTransactionCode: [["bank transaction code", (t) => ({ ...t, bankTransactionCode: "PMNT-RCDT-ESCT" })]],
  endToEndId: [["end-to-end id", (t) => ({ ...t, endToEndId: "NOTPROVIDED" })]],
  proprietaryBankTransactionCode: [["proprietary code", (t) => ({ ...t, proprietaryBankTransactionCode: "SCT" })]],
};

async function setup(compareFirst = true) {
  const person = await makePerson("resync-hash");
  const { accountId } = await storedAccount(person, 0);
  const ingest = (rows: BankTransaction[]) =>
    pgTransaction(async (client) => {
      const target = { scopeId: person.scopeId, accountId, runId: crypto.randomUUID() };
      const counts = await ingestPage(client, target, rows, { compareFirst });
      await assignCounterparts(client, { ...target, externalIds: counts.unresolved });
      return counts;
    });
  const stored = async () =>
    (
      await pool().query<Record<string, string | null>>(
        `SELECT external_id, xmin::text AS version, change_seq::text AS change_seq, content_hash IS NOT NULL AS hashed,
                entry_reference, status, booking_date, value_date, amount::text AS amount, currency, creditor_name,
                creditor_iban, ultimate_creditor, debtor_name, debtor_iban, ultimate_debtor, remittance_information,
                creditor_id, mandate_id, bank_transaction_code, end_to_end_id, proprietary_bank_transaction_code
           FROM transactions WHERE account_id = $1 ORDER BY external_id`,
        [accountId],
      )
    ).rows;
  return { person, accountId, ingest, stored };
}

/** The stored columns a transaction should have. */
const columnsOf = (t: BankTransaction) => ({
  external_id: t.externalId,
  entry_reference: t.entryReference,
  status: t.status,
  booking_date: t.bookingDate,
  value_date: t.valueDate,
  amount: t.amount,
  currency: t.currency,
  creditor_name: t.creditorName,
  creditor_iban: t.creditorIban,
  ultimate_creditor: t.ultimateCreditor,
  debtor_name: t.debtorName,
  debtor_iban: t.debtorIban,
  ultimate_debtor: t.ultimateDebtor,
  remittance_information: t.remittanceInformation,
  creditor_id: t.creditorId,
  mandate_id: t.mandateId,
  bank_transaction_code: t.bankTransactionCode,
  end_to_end_id: t.endToEndId,
  proprietary_bank_transaction_code: t.proprietaryBankTransactionCode,
});

const cases = Object.values(CHANGES).flat();

describe("re-sync by content hash", () => {
  it("covers every field of a bank transaction", () => {
    const fields = Object.keys(bankEntry("x", "1.00")).filter((k) => k !== "externalId" && k !== "derivedId");
    expect(Object.keys(CHANGES).sort()).toEqual(fields.sort());
  });

  // Hashes compared first (a re-sync), or the page sent whole (after a page of new rows).
  it.each([true, false])(
    "writes nothing for an unchanged page, and writes a change to any one field of a stored row (compare first: %s)",
    async (compareFirst) => {
      const { ingest, stored } = await setup(compareFirst);
      const rows = cases.map((_, i) => full(`r${String(i).padStart(2, "0")}`));
      expect(await ingest(rows)).toMatchObject({ added: rows.length });
      const first = await stored();
      expect(first.every((r) => r.hashed)).toBe(true);

      // The same page again: no row written (same tuple versions), no change number taken.
      expect(await ingest(rows)).toEqual({
        added: 0,
        updated: 0,
        unchanged: rows.length,
        unresolved: [],
        written: [],
        failed: [],
      });
      expect(await stored()).toEqual(first);

      // Each row changed in one field: each is written with the bank's new value and a new number.
      const changed = rows.map((t, i) => cases[i][1](t));
      expect(await ingest(changed)).toMatchObject({ added: 0, updated: rows.length, unchanged: 0 });
      const after = await stored();
      for (const [i, row] of after.entries()) {
        expect({ case: cases[i][0], ...row }).toMatchObject({ case: cases[i][0], ...columnsOf(changed[i]) });
        expect(BigInt(row.change_seq ?? "0")).toBeGreaterThan(BigInt(first[i].change_seq ?? "0"));
      }
    },
  );

  it("compares rows stored without a hash in full, stores their hash without a change number, then skips them", async () => {
    const { accountId, ingest, stored } = await setup();
    const rows = [full("a"), full("b"), full("c")];
    await ingest(rows);
    await pool().query("UPDATE transactions SET content_hash = NULL WHERE account_id = $1", [accountId]);
    const legacy = await stored();

    // Unchanged but unknown: the hash is stored (a write), nothing a reader sees moves.
    const changed = [rows[0], { ...rows[1], amount: "-99.00" }, rows[2]];
    expect(await ingest(changed)).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const hashed = await stored();
    expect(hashed.map((r, i) => [r.hashed, r.change_seq === legacy[i].change_seq])).toEqual([
      [true, true],
      [true, false],
      [true, true],
    ]);
    expect(hashed[1].amount).toBe("-99.00");

    expect(await ingest(changed)).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect(await stored()).toEqual(hashed);
  });

  it("never skips a row whose bank columns another writer changed since the sync stored its hash", async () => {
    const { accountId, ingest, stored } = await setup();
    const rows = [full("a"), full("b")];
    await ingest(rows);
    // Not the sync: the hash is left as it was, the row no longer says what the bank says.
    await pool().query(
      "UPDATE transactions SET remittance_information = 'edited', amount = amount * 2 WHERE account_id = $1 AND external_id = 'a'",
      [accountId],
    );
    // An update naming no bank column keeps the hash.
    await pool().query("UPDATE transactions SET note = 'mine' WHERE account_id = $1 AND external_id = 'b'", [
      accountId,
    ]);
    expect((await stored()).map((r) => r.hashed)).toEqual([false, true]);

    expect(await ingest(rows)).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    const [a] = await stored();
    expect(a).toMatchObject({ ...columnsOf(rows[0]), hashed: true });
  });

  it("moves the hash with the row's content in a re-issue pairing and its undo: the next sync writes nothing", async () => {
    const { person, accountId, ingest, stored } = await setup();
    const entry = (id: string) => ({ ...full("x"), externalId: id, entryReference: "ref-1" });
    await ingest([entry("old")]);
    // The bank lists the entry under a new id: reconcile keeps our row and gives it the new entry's fields.
    const runId = crypto.randomUUID();
    await pgTransaction(async (client) => {
      await ingestPage(client, { scopeId: person.scopeId, accountId, runId }, [entry("new")]);
      expect(await reconcile(client, { accountId, runId, dateFrom: "2026-01-01" })).toEqual({
        reissued: 1,
        removed: 0,
        matchedFile: 0,
      });
    });
    const paired = await stored();
    expect(await ingest([entry("new")])).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await stored()).toEqual(paired);

    // Undone: our row is the old entry again (removed), the new entry a row of its own.
    const { rows: pairing } = await pool().query<{ id: string }>(
      "SELECT id FROM transaction_reissues WHERE account_id = $1",
      [accountId],
    );
    expect((await pgTransaction((client) => undoReissue(client, pairing[0].id, TEST_ACTOR))).undone).toBe(true);
    const undone = await stored();
    expect(undone.map((r) => [r.external_id, r.hashed])).toEqual([
      ["new", true],
      ["old", true],
    ]);
    expect(await ingest([entry("new")])).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await stored())[0]).toEqual(undone[0]);
  });

  it("numbers identical id-less entries as before, across page boundaries, and writes none of them again", async () => {
    const { person, accountId, stored } = await setup();
    // Two coffees of the same price on one day: one derived id, told apart by occurrence (lib/sync/occurrence.ts).
    const coffee = { ...full("syn_coffee"), derivedId: true };
    const other = full("r-other");
    // A run's pages, then reconcile: what the run saw (sync_run_pages) numbers the next page and keeps every row.
    const run = async (pages: BankTransaction[][]) => {
      const runId = crypto.randomUUID();
      for (const page of pages)
        await pgTransaction((client) => ingestPage(client, { scopeId: person.scopeId, accountId, runId }, page));
      await pgTransaction((client) => reconcile(client, { accountId, runId, dateFrom: "2026-01-01" }));
    };
    await run([
      [coffee, coffee],
      [coffee, other],
    ]);
    const first = await stored();
    expect(first.map((r) => r.external_id)).toEqual(["r-other", "syn_coffee", "syn_coffee.1", "syn_coffee.2"]);
    // The same answer again, cut into pages elsewhere: the same ids, nothing written.
    await run([[coffee], [coffee, coffee, other]]);
    expect(await stored()).toEqual(first);
  });

  it("finds a change on a day holding many more rows than the page (beyond the range scan's limit)", async () => {
    const { ingest, stored } = await setup();
    // 30 rows on one day, stored in one page; the next pages list 3 of them, one changed.
    const day = Array.from({ length: 30 }, (_, i) => full(`d${String(i).padStart(2, "0")}`));
    await ingest(day);
    const before = await stored();
    const page = [day[27], { ...day[28], remittanceInformation: "corrected" }, day[29]];
    expect(await ingest(page)).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const after = await stored();
    expect(after[28].remittance_information).toBe("corrected");
    expect(after.filter((r, i) => r.version !== before[i].version).map((r) => r.external_id)).toEqual(["d28"]);
  });
});
