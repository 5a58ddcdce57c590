// MT940: the six samples in ../shared/spec/bank-statements/mt940/samples, with counts, first and
// last entries and balances as read from the files, every statement SOURCE.md says reconciles
// checked in decimal; the :86: shapes; the year-end rule; refusals that name the line.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Statement } from "./model";
import { entryDate, parseMt940 } from "./mt940";
import { isZeroDecimal, reconciliationGap } from "./statement-checks";
import { brief } from "@/testing/support/statements/brief";

const SAMPLES = path.resolve(__dirname, "../../../shared/spec/bank-statements/mt940/samples");

function read(file: string): Statement[] {
  return parseMt940(readFileSync(path.join(SAMPLES, file)));
}

function gap(statement: Statement): string {
  const opening = statement.balances.find((b) => b.code.startsWith("60"))?.code ?? "";
  const closing = statement.balances.find((b) => b.code.startsWith("62"))?.code ?? "";
  return reconciliationGap(statement, opening, closing);
}

describe("MT940 samples", () => {
  it("German structured :86: (betterplace): 26 statements, 97 entries, every statement reconciles", () => {
    const statements = read("betterplace_sepa_mt9401_de-structured86.txt");
    expect(statements).toHaveLength(26);
    const entries = statements.flatMap((s) => s.entries);
    expect(entries).toHaveLength(97);
    expect(entries.filter((e) => e.isReversal)).toHaveLength(2);
    expect(entries.filter((e) => e.amount.startsWith("-"))).toHaveLength(54 + 2);
    expect(statements.map(gap).filter((g) => !isZeroDecimal(g))).toEqual([]);
    const [first] = statements;
    expect(first?.account).toMatchObject({ iban: null, otherId: "50880050/0194774600888", currency: "EUR" });
    expect(first?.balances.map((b) => [b.code, b.amount, b.referenceDate])).toEqual([
      ["60F", "-1234718.36", "2007-09-03"],
      ["62F", "-1237628.23", "2007-09-04"],
      ["64", "-1237628.23", "2007-09-04"],
    ]);
    expect(brief(entries[0])).toEqual({ date: "2007-09-04", amount: "300", counterpart: null, line: 5 });
    expect(entries[0]).toMatchObject({
      endToEndId: "TFNR 40005 00005",
      returnReason: "914",
      proprietaryBankTransactionCode: "159",
      additionalInformation: "RETOURE",
    });
    expect(brief(entries.at(-1))).toEqual({
      date: "2007-09-04",
      amount: "50.05",
      counterpart: "Richter Renate 70 Zeichen Beginn Fuellzeichen xxxxxxxx",
      line: 586,
    });
    expect(entries.at(-1)?.debtorIban).toBe("DE51508800500190038900");
    expect(entries.at(-1)?.remittanceInformation).toMatch(
      /^TO 25 TFNr 50005 Eingangskanal Mint Unstrukturierter Verwendungszweck 140 Zeichen/,
    );
    // :62M: → :60M: continuations stay separate statements, each reconciling on its own.
    expect(statements.filter((s) => s.balances.some((b) => b.code === "60M"))).toHaveLength(6);
  });

  it("Deutsche Bank: a SEPA return with keywords across ?2x, /OCMT/ on the second line", () => {
    const [statement, ...rest] = read("jejik_deutschebank.txt");
    expect(rest).toHaveLength(0);
    expect(statement?.entries).toHaveLength(1);
    expect(brief(statement?.entries[0])).toEqual({
      date: "2020-06-08",
      amount: "-12.35",
      counterpart: "TESTER EL",
      line: 5,
    });
    expect(statement?.entries[0]).toMatchObject({
      valueDate: "2020-06-08",
      endToEndId: "A1.200080779.400143254.4961336",
      mandateId: "20852HW2723821",
      creditorId: "DE41EON00000129793",
      creditorIban: "DE50712345600200691329",
      accountServicerReference: "2016021783252833",
      proprietaryBankTransactionCode: "109",
      additionalInformation: "SEPA-LASTSCHR. RETOURE CORE",
    });
    // Anonymised: 0,00 → 0,00 around a −12,35 entry (SOURCE.md).
    expect(statement && gap(statement)).toBe("-12.35");
  });

  it("PostFinance: SWIFT envelope with SOH/ETX, one statement in two messages, free-text :86:", () => {
    const statements = read("jejik_postfinance.txt");
    expect(statements.map((s) => [s.statementId, s.sequenceNumber, s.entries.length])).toEqual([
      ["2014040708285927", "999/1", 2],
      ["2014040708285928", "999/2", 2],
    ]);
    const entries = statements.flatMap((s) => s.entries);
    expect(brief(entries[0])).toEqual({ date: "2013-12-09", amount: "79.7", counterpart: null, line: 6 });
    expect(entries[0]?.remittanceInformation).toBe(
      "GIRO AUS ONLINE-SIC 80532 AUFTRAGGEBER: JANE DOE EXAMPLESTRASSE 10 1234 XXXX 131209CH98765432 MITTEILUNGEN: RECHNUNG XXXXXXXXXXXX",
    );
    expect(brief(entries.at(-1))).toEqual({ date: "2013-12-18", amount: "10.1", counterpart: null, line: 25 });
    expect(entries[2]?.remittanceInformation).toMatch(/MITTEILUNGEN: 1 SONNENGLAESER$/);
    expect(statements[0]?.balances.map((b) => [b.code, b.amount])).toEqual([
      ["60F", "0"],
      ["62M", "229.2"],
    ]);
    expect(statements.map(gap)).toEqual(["0.0", "-0.2"]);
  });

  it("ING structured: hard-wrapped fields, /CNTP/ /REMI/USTD and STRD, forward balances", () => {
    const [statement] = read("oca_test-ing.940");
    expect(statement?.account).toMatchObject({ iban: "NL77INGB0574908765", currency: "EUR" });
    expect(statement?.entries).toHaveLength(8);
    expect(brief(statement?.entries[0])).toEqual({
      date: "2014-02-20",
      amount: "1.56",
      counterpart: "ING BANK NV INZAKE WEB",
      line: 9,
    });
    expect(statement?.entries[0]).toMatchObject({
      endToEndId: "EV12341REP1231456T1234",
      debtorIban: "NL32INGB0000012345",
      remittanceInformation: "EV10001REP1000000T1000",
      accountServicerReference: "00000000001005",
    });
    // The :86: line ends at column 65 inside "ING|BANK NV": the file itself has no space there.
    expect(brief(statement?.entries.at(-1))).toEqual({
      date: "2014-02-20",
      amount: "-119.00",
      counterpart: "INGBANK NV",
      line: 51,
    });
    expect(statement?.entries.at(-1)?.structuredReference).toBe("1070123412341234");
    expect(statement?.entries[3]).toMatchObject({
      mandateId: "MND-EV01",
      creditorId: "NL32ZZZ999999991234",
      creditorName: "ING Bank N.V. inzake WeB",
    });
    expect(statement?.entries[5]).toMatchObject({
      returnReason: "MS03",
      remittanceInformation: "CONTRIBUTIE FEB 2014",
    });
    expect(statement?.balances.map((b) => [b.code, b.balanceType, b.amount, b.referenceDate])).toEqual([
      ["60F", "openingBooked", "662.23", "2014-02-19"],
      ["62F", "closingBooked", "564.35", "2014-02-20"],
      ["64", null, "564.35", "2014-02-20"],
      ["65", "forwardAvailable", "564.35", "2014-02-21"],
      ["65", "forwardAvailable", "564.35", "2014-02-24"],
    ]);
    expect(statement && isZeroDecimal(gap(statement))).toBe(true);
  });

  it("Rabobank: no envelope, 4 daily statements (two empty), counter-IBAN on the :61: second line", () => {
    const statements = read("oca_test-rabo.swi");
    expect(statements.map((s) => s.entries.length)).toEqual([1, 0, 1, 0]);
    expect(statements[0]?.account).toMatchObject({ iban: "NL34RABO0142623393", currency: "EUR" });
    const entries = statements.flatMap((s) => s.entries);
    expect(brief(entries[0])).toEqual({ date: "2014-01-02", amount: "400.00", counterpart: "R. SMITH", line: 6 });
    expect(entries[0]?.debtorIban).toBe("NL66RABO0160878799");
    expect(brief(entries[1])).toEqual({ date: "2014-01-01", amount: "-34.61", counterpart: "Kosten", line: 21 });
    expect(statements[0]?.balances.map((b) => b.amount)).toEqual(["4433.52", "4833.52"]);
    expect(statements.map(gap).every(isZeroDecimal)).toBe(true);
  });

  it("Mollie (ABN AMRO /TRTP/ layout): 21 entries without customer reference, closing debit", () => {
    const [statement] = read("mollie_Voorbeeld_MT-940.mt940");
    expect(statement?.entries).toHaveLength(21);
    expect(brief(statement?.entries[0])).toEqual({
      date: "2016-08-31",
      amount: "29.93",
      counterpart: "V. Oornaam",
      line: 5,
    });
    expect(statement?.entries[0]).toMatchObject({
      debtorIban: "NL30ABNA000000000000",
      remittanceInformation: "Order 123",
      endToEndId: "tr_XXXXXXXXX",
      entryReference: null,
    });
    expect(brief(statement?.entries.at(-1))).toEqual({
      date: "2016-08-31",
      amount: "-14.69",
      counterpart: "Mollie B.V.",
      line: 45,
    });
    expect(statement?.entries.at(-1)?.endToEndId).toBeNull();
    expect(statement?.balances.map((b) => [b.code, b.amount])).toEqual([
      ["60F", "0.00"],
      ["62F", "-1350.26"],
    ]);
    expect(statement && isZeroDecimal(gap(statement))).toBe(true);
  });
});

describe("MT940 dates", () => {
  it("the entry date takes the value date's year, across a year end either way", () => {
    expect(entryDate("2013-12-31", "0102")).toBe("2014-01-02");
    expect(entryDate("2014-01-02", "1231")).toBe("2013-12-31");
    expect(entryDate("2014-06-30", "0701")).toBe("2014-07-01");
    const text =
      ":20:X\n:25:NL91ABNA0417164300\n:28C:1\n:60F:C131230EUR10,00\n:61:1312310102D1,00NTRFNONREF\n:62F:C140102EUR9,00\n";
    expect(parseMt940(text)[0]?.entries[0]).toMatchObject({
      valueDate: "2013-12-31",
      bookingDate: "2014-01-02",
      amount: "-1.00",
    });
  });
});

describe("MT940 files refused", () => {
  const head = ":20:X\n:25:NL91ABNA0417164300\n:28C:1\n";

  it("a :61: before any :60F:", () => {
    expect(() =>
      parseMt940(`${head}:61:1401020102C1,00NTRFNONREF\n:60F:C140101EUR1,00\n:62F:C140102EUR2,00\n`),
    ).toThrow(/^line 4: :61: comes before the opening balance :60F:\/:60M:$/);
  });

  it("an amount that is not a decimal, an impossible date, a line that is not a :61:", () => {
    expect(() => parseMt940(`${head}:60F:C140101EUR1,0,0\n:62F:C140102EUR2,00\n`)).toThrow(
      /^line 4: :60F: is not a balance/,
    );
    expect(() =>
      parseMt940(`${head}:60F:C140101EUR1,00\n:61:1402300230C1,00NTRFNONREF\n:62F:C140102EUR2,00\n`),
    ).toThrow(/^line 5: :61: has an impossible date 140230$/);
    expect(() => parseMt940(`${head}:60F:C140101EUR1,00\n:61:hello\n:62F:C140102EUR2,00\n`)).toThrow(
      /^line 5: :61: is not a statement line/,
    );
  });

  it("a statement without its closing balance, and text that is no MT940", () => {
    expect(() => parseMt940(`${head}:60F:C140101EUR1,00\n`)).toThrow(/^line 1: statement 1 has no closing balance/);
    expect(() => parseMt940("Datum;Betrag\n01.01.2024;1,00\n")).toThrow(/^line 1: text comes before any :20:/);
  });
});
