// CSV: the three sample exports read with their built-in layouts (counts, first and last rows and
// balances as read from the files), what detection proposes for each with and without the bank
// match, the layout schema's issues, and refusals that name the line and column.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { detectLayout } from "./csv-detect";
import { ASN_TRANSACTIE_HISTORIE, CsvLayout, LLOYDS_CURRENT_ACCOUNT, SPARKASSE_CSV_CAMT } from "./csv-layout";
import { isZeroDecimal, reconciliationGap } from "./statement-checks";
import { brief } from "@/testing/support/statements/brief";

const DIR = path.resolve(__dirname, "../../../shared/spec/bank-statements/csv");
const SPARKASSE = readFileSync(path.join(DIR, "de_sparkasse-csv-camt_simple2.csv"));
const ASN = readFileSync(path.join(DIR, "nl_asn-bank_transactie-historie_NL00ASNB9999999999_20220717204133.csv"));
const LLOYDS = readFileSync(path.join(DIR, "uk_lloyds_sample-statement.csv"));

describe("CSV samples with their built-in layouts", () => {
  it("Sparkasse CSV-CAMT: Latin-1, 18 rows newest first, one pending, SEPA columns", () => {
    const statement = parseCsv(SPARKASSE, SPARKASSE_CSV_CAMT);
    expect(statement.entries).toHaveLength(18);
    expect(statement.entries.filter((e) => e.status === "pending").map((e) => e.origin.line)).toEqual([2]);
    expect(brief(statement.entries[0])).toEqual({
      date: "2018-04-03",
      amount: "-22.59",
      counterpart: "1u1 Telecom GmbH Elgendorfer Str. 57",
      line: 2,
    });
    expect(statement.entries[0]).toMatchObject({
      valueDate: "2018-04-04",
      creditorId: "DE1234123412341234",
      mandateId: "01234123412344",
      endToEndId: "1234412341234",
      additionalInformation: "FOLGELASTSCHRIFT",
    });
    expect(statement.entries[1]?.creditorName).toBe("EDEKA DÜBEL//THOMASINGEN/DE");
    expect(brief(statement.entries.at(-1))).toEqual({
      date: "2018-03-21",
      amount: "-16.49",
      counterpart: "KREDITKARTENABRECHNUNG",
      line: 19,
    });
    // An old-style account number in the IBAN column is not taken for an IBAN.
    expect(statement.entries.at(-1)?.creditorIban).toBeNull();
    expect(statement.entries.find((e) => e.origin.line === 13)).toMatchObject({
      amount: "350.00",
      debtorName: "John Oliver",
      remittanceInformation: "Hans Müller Erbe abzügl. Gebühren",
    });
    expect(statement.account).toMatchObject({ iban: null, otherId: "12345678", currency: "EUR" });
    expect(statement.balances).toEqual([]);
  });

  it("ASN Bank: no header, single-quoted text, balance before each row, the rows reconcile", () => {
    const statement = parseCsv(ASN, ASN_TRANSACTIE_HISTORIE);
    expect(statement.entries).toHaveLength(11);
    expect(brief(statement.entries[0])).toEqual({
      date: "2022-06-17",
      amount: "223.77",
      counterpart: "XXXXXXXXX Z Z Z Z",
      line: 1,
    });
    expect(statement.entries[1]).toMatchObject({
      amount: "-200.00",
      creditorName: "International Card Services B V",
      proprietaryBankTransactionCode: "IDM",
    });
    expect(statement.entries[1]?.remittanceInformation).toMatch(
      /^000000000000000000000000000000000 1111111111111111 Betaling aan ICS/,
    );
    expect(brief(statement.entries.at(-1))).toEqual({
      date: "2022-07-11",
      amount: "-560.00",
      counterpart: "M XXXXXXXXX ET MME YYYYYYYYY",
      line: 11,
    });
    expect(statement.entries.at(-1)?.creditorIban).toBe("FR0000000000000000000000000");
    expect(statement.account).toMatchObject({ iban: "NL00ASNB9999999999", currency: "EUR" });
    // 130.44 before the first row; 644.24 before the last, whose −560.00 leaves 84.24.
    expect(statement.balances.map((b) => [b.balanceType, b.amount, b.referenceDate])).toEqual([
      ["openingBooked", "130.44", "2022-06-17"],
      ["closingBooked", "84.24", "2022-07-11"],
    ]);
    expect(isZeroDecimal(reconciliationGap(statement, "before-oldest-row", "after-newest-row"))).toBe(true);
  });

  it("Lloyds: debit and credit columns, trailing header comma, running balance after; its balances are 4.12 off", () => {
    const statement = parseCsv(LLOYDS, LLOYDS_CURRENT_ACCOUNT);
    expect(statement.entries).toHaveLength(12);
    expect(brief(statement.entries[0])).toEqual({ date: "2024-01-15", amount: "-8.99", counterpart: null, line: 2 });
    expect(statement.entries[0]).toMatchObject({
      currency: "GBP",
      remittanceInformation: "ACME STORE CD 1417 14JAN24",
      proprietaryBankTransactionCode: "DEB",
    });
    expect(brief(statement.entries.at(-1))).toEqual({ date: "2023-12-01", amount: "500", counterpart: null, line: 13 });
    expect(statement.entries.find((e) => e.proprietaryBankTransactionCode === "FPI")?.amount).toBe("2000");
    // After the oldest row 6426.70, so 5926.70 before it; 2040.59 after the newest.
    expect(statement.balances.map((b) => [b.amount, b.referenceDate])).toEqual([
      ["5926.70", "2023-12-01"],
      ["2040.59", "2024-01-15"],
    ]);
    // The file's own running balance: 6039.58 − 5.97 would be 6033.61, the file says 6029.49.
    expect(reconciliationGap(statement, "before-oldest-row", "after-newest-row")).toBe("4.12");
  });
});

describe("detectLayout", () => {
  it("recognises each sample bank", () => {
    expect(detectLayout(SPARKASSE)).toMatchObject({ builtIn: "Sparkasse CSV-CAMT", layout: { encoding: "latin1" } });
    expect(detectLayout(ASN).builtIn).toBe("ASN Bank transactie-historie");
    expect(detectLayout(LLOYDS).builtIn).toBe("Lloyds Bank current account");
  });

  it("without the bank match, guesses Sparkasse whole", () => {
    const { layout, notes } = detectLayout(SPARKASSE, { builtIns: false });
    expect(layout).toMatchObject({
      delimiter: ";",
      quote: '"',
      encoding: "latin1",
      hasHeader: true,
      dateFormat: "DD.MM.YY",
      decimalSeparator: ",",
      amount: { kind: "signed", column: "Betrag" },
    });
    expect(layout.columns).toMatchObject({
      bookingDate: "Buchungstag",
      valueDate: "Valutadatum",
      currency: "Waehrung",
      counterpartIban: "Kontonummer/IBAN",
      counterpartName: "Beguenstigter/Zahlungspflichtiger",
      remittanceInformation: "Verwendungszweck",
    });
    expect(notes).toEqual([]);
    const entries = parseCsv(SPARKASSE, CsvLayout.parse(layout)).entries;
    expect(entries.map((e) => e.amount)).toEqual(parseCsv(SPARKASSE, SPARKASSE_CSV_CAMT).entries.map((e) => e.amount));
  });

  it("without the bank match, ASN's format is found but not what its columns mean", () => {
    const { layout, notes } = detectLayout(ASN, { builtIns: false });
    expect(layout).toMatchObject({
      delimiter: ",",
      quote: "'",
      encoding: "utf-8",
      hasHeader: false,
      dateFormat: "DD-MM-YYYY",
      decimalSeparator: ".",
      amount: { kind: "signed", column: 10 },
    });
    expect(layout.columns).toMatchObject({ bookingDate: 0, accountIban: 1, counterpartIban: 2 });
    // Journal date (11) and value date (12) hold the same dates: the guess takes the first.
    expect(layout.columns.valueDate).toBe(11);
    expect(layout.balance).toBeNull();
    expect(notes).toEqual(["the file has no header row: check which column is which"]);
  });

  it("without the bank match, Lloyds is found save its currency, which no column gives", () => {
    const { layout, notes } = detectLayout(LLOYDS, { builtIns: false });
    expect(layout).toMatchObject({
      delimiter: ",",
      hasHeader: true,
      dateFormat: "DD/MM/YYYY",
      decimalSeparator: ".",
      amount: { kind: "debitCredit", debitColumn: "Debit Amount", creditColumn: "Credit Amount" },
      balance: { column: "Balance", timing: "after" },
    });
    expect(notes).toEqual(["no currency column: give the currency"]);
    expect(CsvLayout.safeParse(layout).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["currency", "give the currency, or a currency column"],
    ]);
  });
});

describe("CsvLayout", () => {
  it("is strict and says what is wrong, field by field", () => {
    const result = CsvLayout.safeParse({
      ...LLOYDS_CURRENT_ACCOUNT,
      delimiter: ":",
      dateFormat: "D/M/Y",
      hasHeader: false,
      extra: 1,
    });
    const issues = result.error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ["delimiter", "delimiter must be one of , ; tab |"],
        [
          "dateFormat",
          "dateFormat must be one of DD.MM.YYYY, DD.MM.YY, DD-MM-YYYY, DD/MM/YYYY, MM/DD/YYYY, YYYY-MM-DD, YYYYMMDD",
        ],
        ["", 'Unrecognized key: "extra"'],
      ]),
    );
    const headerless = CsvLayout.safeParse({ ...LLOYDS_CURRENT_ACCOUNT, hasHeader: false });
    expect(headerless.error?.issues.map((i) => i.path.join("."))).toEqual([
      "columns.bookingDate",
      "columns.remittanceInformation",
      "columns.proprietaryBankTransactionCode",
      "amount.debitColumn",
      "amount.creditColumn",
      "balance.column",
    ]);
    expect(CsvLayout.safeParse({ ...SPARKASSE_CSV_CAMT, thousandsSeparator: "," }).error?.issues[0]?.message).toBe(
      "the thousands separator must differ from the decimal separator",
    );
  });
});

describe("CSV files refused", () => {
  it("a row with a bad date names its line and column", () => {
    const text = new TextDecoder("latin1")
      .decode(SPARKASSE)
      .replace('"22.03.18";"22.03.18";"FOLGELASTSCHRIFT"', '"32.03.18";"22.03.18";"FOLGELASTSCHRIFT"');
    expect(() => parseCsv(text, SPARKASSE_CSV_CAMT)).toThrow(
      /^line 18: column "Buchungstag" "32\.03\.18" is not a date in DD\.MM\.YY$/,
    );
  });

  it("a bad amount, a missing header column, an unclosed quote", () => {
    const amount = new TextDecoder().decode(LLOYDS).replace("8.99,,2040.59", "8.9.9,,2040.59");
    expect(() => parseCsv(amount, LLOYDS_CURRENT_ACCOUNT)).toThrow(
      /^line 2: column "Debit Amount" "8\.9\.9" is not an amount with decimal "\."$/,
    );
    const renamed = new TextDecoder().decode(LLOYDS).replace("Debit Amount", "Paid out");
    expect(() => parseCsv(renamed, LLOYDS_CURRENT_ACCOUNT)).toThrow(
      /^line 1: has no column "Debit Amount" in its header$/,
    );
    expect(() => parseCsv('"Betrag;Buchungstag\n"1,00;01.01.24\n', SPARKASSE_CSV_CAMT)).toThrow(
      /is not CSV under this layout/,
    );
  });
});
