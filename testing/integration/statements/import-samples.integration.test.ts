// Every sample file in ../shared/spec/bank-statements/ imported into a tracked account of the IBAN
// and currency it names, or refused with a message that says why, writing nothing. For each import,
// the stored rows are compared with the file's booked entries field by field (and counted against
// what the files hold, as SOURCE.md describes them), the balances kept with the file's, and where
// SOURCE.md says a statement reconciles, the stored rows reconcile it too. Re-importing is a no-op;
// the same entries in other bytes add nothing; identical entries split over batches stay two.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { sumDecimals } from "@/lib/money/decimal";
import { negateDecimal } from "@/lib/statements/decimal-text";
import { isStatementFileError } from "@/lib/statements/errors";
import { createStatementImport, fileSha256 } from "@/lib/statements/import/create-import";
import { entryRefOf } from "@/lib/statements/import/entry-rows";
import { importStatement } from "@/lib/statements/import/import-statement";
import { holdImport } from "@/lib/statements/import/lifecycle";
import { importStatementFile } from "@/lib/statements/import/import-file";
import { readStatementFile } from "@/lib/statements/import/read-file";
import { collectStatements, type Statement } from "@/lib/statements/model";
import { isZeroDecimal } from "@/lib/statements/statement-checks";
import { makePerson } from "@/testing/support/fixtures";
import { camt053OfEntries, fileEntry } from "@/testing/support/statements/camt053-generated";
import { accountBalances, accountRows, fileAccount, importRow } from "@/testing/support/statements/file-account";

const SPEC = path.resolve(__dirname, "../../../../shared/spec/bank-statements");

type Imported = {
  file: string;
  iban: string | null;
  currency: string;
  /** Booked entries written, pending ones skipped, typed balances kept: as counted from the file. */
  rows: number;
  skipped: number;
  balances: number;
  /** Opening and closing balance codes of a statement that reconciles (SOURCE.md), by statement index. */
  reconciles?: { statement: number; opening: string; closing: string }[];
};
type Refused = { file: string; iban: string | null; currency: string; why: RegExp };

const IMPORTED: Imported[] = [
  {
    file: "camt053/samples/abnamro_example_camt053_v02.xml",
    iban: "NL77ABNA0574908765",
    currency: "EUR",
    rows: 13,
    skipped: 0,
    // PRCD and CLBD (closingBooked at two dates) and 5 FWAV; CLAV has no Berlin Group type.
    balances: 7,
    reconciles: [{ statement: 0, opening: "PRCD", closing: "CLBD" }],
  },
  {
    file: "camt053/samples/iso20022_business_sample_camt053_v04.xml",
    // The account is named by Othr/Id only: a Swedish IBAN holding that number.
    iban: "SE0050000000054910000003",
    currency: "SEK",
    rows: 3,
    skipped: 0,
    balances: 2,
    reconciles: [{ statement: 0, opening: "OPBD", closing: "CLBD" }],
  },
  {
    file: "camt053/samples/oca_test-camt053_v02.xml",
    iban: "NL77ABNA0574908765",
    currency: "EUR",
    rows: 3,
    skipped: 0,
    balances: 2,
  },
  {
    file: "camt053/samples/postfinance_camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml",
    iban: "CH0309000000250090342",
    currency: "CHF",
    rows: 13,
    skipped: 0,
    balances: 2,
    reconciles: [{ statement: 0, opening: "OPBD", closing: "CLBD" }],
  },
  // German BLZ/account 20070000/0123456601 in the account's IBAN.
  {
    file: "mt940/samples/jejik_deutschebank.txt",
    iban: "DE00200700000123456601",
    currency: "EUR",
    rows: 1,
    skipped: 0,
    balances: 2,
  },
  // Two messages of one statement: 62M and 60M are one interimBooked balance at one date.
  {
    file: "mt940/samples/jejik_postfinance.txt",
    iban: "CH0012345678900000000",
    currency: "CHF",
    rows: 4,
    skipped: 0,
    balances: 3,
  },
  {
    file: "mt940/samples/mollie_Voorbeeld_MT-940.mt940",
    iban: "NL30ABNA000000000000",
    currency: "EUR",
    rows: 21,
    skipped: 0,
    balances: 2,
    reconciles: [{ statement: 0, opening: "60F", closing: "62F" }],
  },
  {
    file: "mt940/samples/oca_test-ing.940",
    iban: "NL77INGB0574908765",
    currency: "EUR",
    rows: 8,
    skipped: 0,
    // 60F, 62F, two 65 (forwardAvailable); 64 has no Berlin Group type.
    balances: 4,
    reconciles: [{ statement: 0, opening: "60F", closing: "62F" }],
  },
  // Four daily statements, each 60F and 62F.
  {
    file: "mt940/samples/oca_test-rabo.swi",
    iban: "NL34RABO0142623393",
    currency: "EUR",
    rows: 2,
    skipped: 0,
    balances: 8,
  },
  // Kontonummer 12345678; rows the export marks "Umsatz vorgemerkt" are pending, not imported.
  {
    file: "csv/de_sparkasse-csv-camt_simple2.csv",
    iban: "DE00000000000012345678",
    currency: "EUR",
    rows: 17,
    skipped: 1,
    balances: 0,
  },
  {
    file: "csv/nl_asn-bank_transactie-historie_NL00ASNB9999999999_20220717204133.csv",
    iban: "NL00ASNB9999999999",
    currency: "EUR",
    rows: 11,
    skipped: 0,
    balances: 2,
    reconciles: [{ statement: 0, opening: "before-oldest-row", closing: "after-newest-row" }],
  },
  // No account id in the file at all: the person's choice of the account stands.
  {
    file: "csv/uk_lloyds_sample-statement.csv",
    iban: "GB00LOYD99887400000000",
    currency: "GBP",
    rows: 12,
    skipped: 0,
    balances: 2,
  },
];

const REFUSED: Refused[] = [
  {
    file: "camt053/samples/goldmansachs_uk_camt053_v02.xml",
    iban: "GB36GSLD04296250000970",
    currency: "GBP",
    why: /^line \d+: statement 1 \(.+\) is for the account …0635, not this account \(…0970\)/,
  },
  {
    file: "camt053/samples/viafintech_ubs-style_camt053_v08.xml",
    iban: "CH1111111111111111111",
    currency: "CHF",
    why: /^line \d+: entry 3 \(Stmt\[1\]\/Ntry\[3\]\) is in EUR, but this account is in CHF/,
  },
  {
    // 20 accounts in one file: its second statement is another account's.
    file: "mt940/samples/betterplace_sepa_mt9401_de-structured86.txt",
    iban: "DE00508800500194774600888",
    currency: "EUR",
    why: /^line \d+: statement 2 \(.+\) is for the account …0888, not this account/,
  },
  {
    file: "camt053/related/genkgo_camt052_v04_pending.xml",
    iban: "CH0000000000000000000",
    currency: "CHF",
    why: /namespace "urn:iso:std:iso:20022:tech:xsd:camt\.052\.001\.04", not one of the camt\.053 versions/,
  },
];

async function statementsOf(bytes: Uint8Array): Promise<Statement[]> {
  return collectStatements((await readStatementFile(bytes)).items);
}

/** What a row and an entry both say, as one comparable record. */
const fields = (r: {
  amount: string;
  currency: string;
  bookingDate: string | null;
  valueDate: string | null;
  creditorName: string | null;
  creditorIban: string | null;
  debtorName: string | null;
  debtorIban: string | null;
  remittance: string | null;
  entryReference: string | null;
  endToEndId: string | null;
  ref: string | null;
}) => JSON.stringify(r);

/** A new person's account for `file`, the file's bytes, and its import as the person uploads it, by its name. */
async function importInto(file: string, account: { iban: string | null; currency: string }) {
  const person = await makePerson("statements");
  const tracked = await fileAccount(person, account);
  const bytes = readFileSync(path.join(SPEC, file));
  const uploaded = {
    scopeId: person.scopeId,
    accountId: tracked.id,
    bytes,
    fileName: path.basename(file),
    createdById: person.userId,
  };
  return { person, account: tracked, bytes, uploaded };
}

/** A new import of `bytes` and the file's items, for a test to run it in batches of its own size. */
async function createdImport(person: { scopeId: string }, accountId: string, bytes: Uint8Array) {
  const created = await createStatementImport(pool(), {
    scopeId: person.scopeId,
    accountId,
    format: "camt053",
    fileName: null,
    fileSha256: fileSha256(bytes),
    createdById: null,
  });
  const { items } = await readStatementFile(bytes);
  return { importId: created.importId, items };
}

/** A refused file leaves the account as it was: no row and no balance of it. */
async function expectNothingKept(accountId: string) {
  expect(await accountRows(accountId)).toEqual([]);
  expect(await accountBalances(accountId)).toEqual([]);
}

describe("every sample statement file, imported or refused", () => {
  it.each(IMPORTED)("$file: its booked entries and balances stored as the file says", async (sample) => {
    const { account, bytes, uploaded } = await importInto(sample.file, sample);
    const result = await importStatementFile(uploaded);
    const record = await importRow(result.importId);
    const statements = await statementsOf(bytes);
    const entries = statements.flatMap((s) => s.entries);
    const booked = entries.filter((e) => e.status === "booked");
    expect([record.state, record.error]).toEqual(["succeeded", null]);
    expect([record.entries, record.added, record.matched, record.unchanged, record.skipped, record.processed]).toEqual([
      entries.length,
      sample.rows,
      0,
      0,
      sample.skipped,
      entries.length,
    ]);
    expect(booked).toHaveLength(sample.rows);

    const rows = await accountRows(account.id);
    expect(rows).toHaveLength(sample.rows);
    expect(
      rows
        .map((r) =>
          fields({
            amount: r.amount,
            currency: r.currency,
            bookingDate: r.booking_date,
            valueDate: r.value_date,
            creditorName: r.creditor_name,
            creditorIban: r.creditor_iban,
            debtorName: r.debtor_name,
            debtorIban: r.debtor_iban,
            remittance: r.remittance_information,
            entryReference: r.entry_reference,
            endToEndId: r.end_to_end_id,
            ref: r.statement_entry_ref,
          }),
        )
        .sort(),
    ).toEqual(
      booked
        .map((e) =>
          fields({
            amount: e.amount,
            currency: e.currency,
            bookingDate: e.bookingDate,
            valueDate: e.valueDate,
            creditorName: e.creditorName,
            creditorIban: e.creditorIban,
            debtorName: e.debtorName,
            debtorIban: e.debtorIban,
            remittance: e.remittanceInformation,
            entryReference: e.entryReference,
            endToEndId: e.endToEndId,
            ref: entryRefOf(e),
          }),
        )
        .sort(),
    );
    for (const row of rows) {
      expect([row.status, row.statement_import_id, row.seen_by_bank, row.removed]).toEqual([
        "booked",
        result.importId,
        false,
        false,
      ]);
      // Numbered by the change feed, as a synced row is.
      expect(BigInt(row.change_seq)).toBeGreaterThan(0n);
    }
    // Counterparts assigned as the sync assigns them: every row that names its other party (the
    // creditor of a debit, the debtor of a credit) has one.
    const named = rows.filter((r) =>
      r.amount.startsWith("-") ? r.creditor_name || r.creditor_iban : r.debtor_name || r.debtor_iban,
    );
    expect(named.filter((r) => r.counterpart_id === null).map((r) => r.external_id)).toEqual([]);

    const kept = await accountBalances(account.id);
    expect(kept).toHaveLength(sample.balances);
    expect(record.balances).toBe(sample.balances);
    const typed = statements.flatMap((s) => s.balances).filter((b) => b.balanceType !== null);
    for (const b of kept) {
      expect([b.source, b.import_id]).toEqual(["file", result.importId]);
      expect(
        typed.some(
          (t) => t.balanceType === b.balance_type && t.amount === b.amount && t.referenceDate === b.reference_date,
        ),
      ).toBe(true);
    }
    expect(new Set(typed.map((t) => JSON.stringify([t.balanceType, t.amount, t.referenceDate]))).size).toBe(
      sample.balances,
    );

    // Where the file reconciles, the stored rows do: opening + their sum − closing = 0, in decimal.
    for (const check of sample.reconciles ?? []) {
      const statement = statements[check.statement];
      const opening = statement?.balances.find((b) => b.code === check.opening)?.amount ?? "";
      const closing = statement?.balances.find((b) => b.code === check.closing)?.amount ?? "";
      const { rows: sum } = await pool().query<{ total: string }>(
        "SELECT coalesce(sum(amount), 0)::text AS total FROM transactions WHERE account_id = $1 AND removed_at IS NULL",
        [account.id],
      );
      expect(isZeroDecimal(sumDecimals([opening, sum[0].total, negateDecimal(closing)]))).toBe(true);
    }
  });

  it.each(REFUSED)("$file: refused, naming why, and nothing of it kept", async (sample) => {
    const { account, uploaded } = await importInto(sample.file, sample);
    const refused = await importStatementFile(uploaded).catch((error: unknown) => error);
    expect(isStatementFileError(refused)).toBe(true);
    expect((refused as Error).message).toMatch(sample.why);
    const { rows } = await pool().query<{ id: string; state: string; error: string }>(
      "SELECT id, state::text AS state, error FROM statement_imports WHERE account_id = $1",
      [account.id],
    );
    expect(rows.map((r) => r.state)).toEqual(["failed"]);
    expect(rows[0]?.error).toContain((refused as Error).message);
    await expectNothingKept(account.id);
  });
});

describe("a file refused part way", () => {
  it("after batches were written: the transaction rolls back, nothing of the file is kept", async () => {
    // The UBS-style file's third entry is in EUR on a CHF account; with batches of one, its first
    // two entries are written before the reader reaches it.
    const sample = REFUSED[1];
    const { person, account, bytes } = await importInto(sample.file, sample);
    const { importId, items } = await createdImport(person, account.id, bytes);
    const refused = await holdImport(importId, (claim) => importStatement({ claim, items, batchSize: 1 })).catch(
      (e: unknown) => e,
    );
    expect((refused as Error).message).toMatch(sample.why);
    const record = await importRow(importId);
    expect(record.state).toBe("failed");
    // Progress is written beside the transaction, so it shows how far the import got.
    expect(record.processed).toBe(2);
    await expectNothingKept(account.id);
  });
});

describe("camt.053 batch entries", () => {
  it("keep their details on the row: each TxDtls with its amount, party and reference", async () => {
    const sample = IMPORTED[0];
    const { person, account, bytes } = await importInto(sample.file, sample);
    await importStatementFile({
      scopeId: person.scopeId,
      accountId: account.id,
      bytes,
      fileName: null,
      createdById: null,
    });
    const rows = await accountRows(account.id);
    type Detail = { amount: string; currency: string; path: string; isAmountInherited?: boolean };
    const batches = rows
      .map((r) => ({ row: r, details: (r.statement_facts?.details ?? []) as Detail[] }))
      .filter((b) => b.details.length > 0);
    // ABN AMRO's example: among its batches one of 10 and one of 7 details.
    expect(batches.map((b) => b.details.length)).toEqual(expect.arrayContaining([10, 7]));
    const withAmounts = batches.filter((b) => b.details.every((d) => !d.isAmountInherited));
    expect(withAmounts.length).toBeGreaterThan(0);
    for (const { row, details } of withAmounts) {
      // A batch is one booking of the total: its details add up to the row's amount.
      expect(isZeroDecimal(sumDecimals([...details.map((d) => d.amount), negateDecimal(row.amount)]))).toBe(true);
      expect(details[0]?.path).toMatch(/^Stmt\[1\]\/Ntry\[\d+\]\/NtryDtls\/TxDtls\[1\]$/);
    }
  });
});

describe("importing again", () => {
  it("the same file again: the import that holds it answers, nothing is written", async () => {
    const sample = IMPORTED[0];
    const { person, account, bytes } = await importInto(sample.file, sample);
    const input = { scopeId: person.scopeId, accountId: account.id, bytes, fileName: "a.xml", createdById: null };
    const first = await importStatementFile(input);
    const before = await accountRows(account.id);
    const again = await importStatementFile(input);
    expect(again).toEqual({ importId: first.importId, isNew: false });
    expect(await accountRows(account.id)).toEqual(before);
    expect(await accountBalances(account.id)).toHaveLength(sample.balances);
  });

  it("the same entries in other bytes: a new import that finds every entry there, adds nothing", async () => {
    const sample = IMPORTED[0];
    const { person, account, bytes } = await importInto(sample.file, sample);
    const input = { scopeId: person.scopeId, accountId: account.id, fileName: "a.xml", createdById: null };
    const first = await importStatementFile({ ...input, bytes });
    const before = await accountRows(account.id);
    const other = Buffer.concat([bytes, Buffer.from("\n<!-- exported again -->\n")]);
    const second = await importStatementFile({ ...input, bytes: other });
    expect(second.isNew).toBe(true);
    const record = await importRow(second.importId);
    expect([record.state, record.added, record.matched, record.unchanged]).toEqual(["succeeded", 0, 0, sample.rows]);
    // The rows keep the first file's ids.
    expect(await accountRows(account.id)).toEqual(before);
    expect(before.every((r) => r.statement_import_id === first.importId)).toBe(true);
  });

  it("two identical entries split over two batches are two rows", async () => {
    const person = await makePerson("statements");
    const account = await fileAccount(person, { iban: "NL91ABNA0417164300", currency: "EUR" });
    const coffee = fileEntry({
      amount: "-2.80",
      currency: "EUR",
      bookingDate: "2026-03-02",
      valueDate: "2026-03-02",
      creditorName: "CAFE DE LA GARE",
      remittanceInformation: "Card payment",
    });
    const bytes = Buffer.from(
      camt053OfEntries({
        iban: "NL91ABNA0417164300",
        currency: "EUR",
        statementId: "S1",
        opening: "10.00",
        entries: [coffee, coffee],
      }),
    );
    const { importId, items } = await createdImport(person, account.id, bytes);
    const outcome = await holdImport(importId, (claim) => importStatement({ claim, items, batchSize: 1 }));
    expect([outcome?.counts.added, outcome?.counts.unchanged]).toEqual([2, 0]);
    expect((await accountRows(account.id)).map((r) => r.amount)).toEqual(["-2.80", "-2.80"]);
  });
});
