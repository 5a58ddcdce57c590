// camt.053: every sample in ../shared/spec/bank-statements/camt053/samples read, with counts, first
// and last entries and balances as read from the files by eye (and by a separate XML tool), the
// reconciling ones checked in decimal; files that must be refused; a generated 100,000-entry file
// streamed with its heap growth measured.

import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { sumDecimals } from "@/lib/money/decimal";
import { readCamt053 } from "@/lib/statements/camt053";
import {
  GENERATED_OPENING,
  generatedAmount,
  generatedCamt053,
  generatedClosing,
} from "@/testing/support/statements/camt053-generated";
import { type Statement, type StatementEntry, collectStatements } from "@/lib/statements/model";
import { isZeroDecimal, reconciliationGap } from "@/lib/statements/statement-checks";

const SAMPLES = path.resolve(__dirname, "../../../../shared/spec/bank-statements/camt053/samples");
const OCA = "oca_test-camt053_v02.xml";

function read(file: string): Promise<Statement[]> {
  return collectStatements(readCamt053(createReadStream(path.join(SAMPLES, file), { highWaterMark: 1024 })));
}

function readText(text: string): Promise<Statement[]> {
  return collectStatements(readCamt053(Readable.from([Buffer.from(text)])));
}

/** An entry in brief: its booking date, amount, currency and counterpart (the creditor, else the debtor). */
function brief(entry: StatementEntry | undefined) {
  if (!entry) return null;
  return [entry.bookingDate, entry.amount, entry.currency, entry.creditorName ?? entry.debtorName];
}

/** How many entries a statement has, and its first and last in brief. */
function ends(statement: Statement | undefined) {
  return {
    entries: statement?.entries.length,
    first: brief(statement?.entries[0]),
    last: brief(statement?.entries.at(-1)),
  };
}

function balances(statement: Statement | undefined) {
  return statement?.balances.map((b) => [b.code, b.balanceType, b.amount, b.referenceDate]);
}

describe("camt.053 samples", () => {
  it("ABN AMRO example (.02): 13 entries, batches kept, PRCD + entries = CLBD", async () => {
    const [statement, ...rest] = await read("abnamro_example_camt053_v02.xml");
    expect(rest).toHaveLength(0);
    expect(statement?.version).toBe("camt.053.001.02");
    expect(statement?.account.iban).toBe("NL77ABNA0574908765");
    expect(ends(statement)).toEqual({
      entries: 13,
      first: ["2013-04-02", "1.00", "EUR", null],
      last: ["2012-04-02", "-921.00", "EUR", "Debtor"],
    });
    expect(balances(statement)?.slice(0, 3)).toEqual([
      ["PRCD", "closingBooked", "1000.01", "2013-03-28"],
      ["CLBD", "closingBooked", "100.01", "2013-04-02"],
      ["CLAV", null, "100.01", "2013-04-02"],
    ]);
    expect(statement?.balances.filter((b) => b.code === "FWAV")).toHaveLength(5);
    const batchSizes = statement?.entries.map((e) => e.details.length).filter((n) => n > 0);
    expect(batchSizes).toContain(10);
    expect(batchSizes).toContain(7);
    expect(statement?.entries.filter((e) => e.isReversal)).toHaveLength(2);
    // The wrapped Ustrd values are 140 characters once the pretty-printer's whitespace is gone.
    const remittances = statement?.entries.flatMap((e) => [
      e.remittanceInformation,
      ...e.details.map((d) => d.remittanceInformation),
    ]);
    expect(Math.max(...(remittances ?? []).map((r) => r?.length ?? 0))).toBe(140);
    expect(statement && isZeroDecimal(reconciliationGap(statement, "PRCD", "CLBD"))).toBe(true);
  });

  it("Goldman Sachs UK (.02): two statements, the first empty and reconciling, FX details read", async () => {
    const [first, second] = await read("goldmansachs_uk_camt053_v02.xml");
    expect(first?.entries).toHaveLength(0);
    expect(first?.account.otherId).toBe("60000635");
    expect(balances(first)?.slice(0, 2)).toEqual([
      ["OPBD", "openingBooked", "68206.51", "2023-10-08"],
      ["CLBD", "closingBooked", "68206.51", "2023-10-09"],
    ]);
    expect(first && isZeroDecimal(reconciliationGap(first, "OPBD", "CLBD"))).toBe(true);
    expect(second?.account.iban).toBe("GB36GSLD04296250000970");
    // The first entry names no party (a BACS credit payment with references only).
    expect(ends(second)).toEqual({
      entries: 6,
      first: ["2023-10-09", "-100.00", "GBP", null],
      last: ["2023-10-06", "-100.00", "GBP", "Test Investments"],
    });
    expect(second?.entries.filter((e) => e.isReversal).map((e) => e.bankTransactionCode)).toEqual(["PMNT-ICDT-ARET"]);
    // SOURCE.md: the second statement does not reconcile (−200.00 against −91.65).
    expect(second && reconciliationGap(second, "OPBD", "CLBD")).not.toMatch(/^0\.0+$/);
  });

  it("ISO business example (.04): DtTm booking dates, a batch with totals only, reconciles", async () => {
    const [statement] = await read("iso20022_business_sample_camt053_v04.xml");
    expect(statement?.version).toBe("camt.053.001.04");
    expect(statement?.account).toMatchObject({
      iban: null,
      otherId: "50000000054910000003",
      ownerName: "FINPETROL",
      servicerName: "AAAA BANKEN",
    });
    expect(ends(statement)).toEqual({
      entries: 3,
      first: ["2010-10-18", "105678.50", "SEK", "MUELLER"],
      last: ["2010-10-18", "30000", "SEK", null],
    });
    expect(statement?.entries[1]).toMatchObject({
      amount: "-200000",
      bankTransactionCode: "PAYM-0001-0003",
      details: [],
    });
    expect(statement?.entries[2]?.endToEndId).toBe("AAAASS1085FINPSS");
    expect(balances(statement)).toEqual([
      ["OPBD", "openingBooked", "500000", "2010-10-15"],
      ["CLBD", "closingBooked", "435678.50", "2010-10-18"],
    ]);
    expect(statement && isZeroDecimal(reconciliationGap(statement, "OPBD", "CLBD"))).toBe(true);
  });

  it("OCA test file (.02): mandate, a reversed batch of two with return reasons", async () => {
    const [statement] = await read(OCA);
    expect(ends(statement)).toEqual({
      entries: 3,
      first: ["2014-01-05", "-754.25", "EUR", "INSURANCE COMPANY TESTX"],
      last: ["2014-01-05", "1405.31", "EUR", "3rd party Media"],
    });
    expect(statement?.entries[0]).toMatchObject({
      mandateId: "1880000341866",
      creditorIban: "NL46ABNA0499998748",
      bankTransactionCode: "PMNT-RDDT-ESDD",
      proprietaryBankTransactionCode: "EI",
    });
    const batch = statement?.entries[1];
    expect(batch?.isReversal).toBe(true);
    expect(batch?.details.map((d) => [d.amount, d.returnReason, d.mandateId])).toEqual([
      ["-564.05", "AC06", "NL22ZZZ524885430000-C0125.1"],
      ["-100.00", "AC06", "NL22ZZZ524885430000-C0125.2"],
    ]);
    expect(batch?.details[1]?.origin.path).toBe("Stmt[1]/Ntry[2]/NtryDtls/TxDtls[2]");
    expect(balances(statement)).toEqual([
      ["OPBD", "openingBooked", "15568.27", "2014-01-05"],
      ["CLBD", "closingBooked", "15121.12", "2014-01-05"],
    ]);
  });

  it("PostFinance (.04): 13 entries, 26 batch details, structured ISR references, reconciles", async () => {
    const [statement] = await read("postfinance_camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml");
    expect(statement?.account.iban).toBe("CH0309000000250090342");
    // A charge: no party.
    expect(ends(statement)).toEqual({
      entries: 13,
      first: ["2016-04-30", "-24.00", "CHF", null],
      last: ["2016-04-10", "-15.53", "CHF", "Rutschmann Pia"],
    });
    expect(statement?.entries.reduce((n, e) => n + e.details.length, 0)).toBe(26);
    const references = statement?.entries.flatMap((e) => e.details.map((d) => d.structuredReference)).filter(Boolean);
    expect(references?.length).toBeGreaterThanOrEqual(10);
    expect(balances(statement)).toEqual([
      ["OPBD", "openingBooked", "322152.16", "2016-04-29"],
      ["CLBD", "closingBooked", "322689.77", "2016-04-30"],
    ]);
    expect(statement && isZeroDecimal(reconciliationGap(statement, "OPBD", "CLBD"))).toBe(true);
  });

  it("UBS-style (.08): v08 wrappers (Sts/Cd, Pty, BICFI), SCOR reference, a debit in EUR", async () => {
    const [statement] = await read("viafintech_ubs-style_camt053_v08.xml");
    expect(statement?.version).toBe("camt.053.001.08");
    expect(statement?.account).toMatchObject({
      iban: "CH1111111111111111111",
      currency: "CHF",
      servicerBic: "UBSWCHZH80A",
      ownerName: "ACME GmbH",
    });
    expect(ends(statement)).toEqual({
      entries: 3,
      first: ["2023-06-20", "474.4", "CHF", "Jon Doe"],
      last: ["2023-06-20", "-20.97", "EUR", "DHL Express (Schweiz) AG"],
    });
    expect(statement?.entries[0]?.remittanceInformation).toBe("INVOICE R77561");
    expect(statement?.entries[1]).toMatchObject({
      entryReference: "CH700033323323241701E",
      bankTransactionCode: "PMNT-RCDT-VCOM",
    });
    expect(statement?.entries[1]?.details[0]?.structuredReference).toBe("RF38000000000000000000552");
    expect(statement?.entries[2]).toMatchObject({
      creditorIban: "CH2222222222222222222",
      structuredReference: "000000270148751802165444888",
      endToEndId: "1208481",
    });
    expect(balances(statement)).toEqual([
      ["OPBD", "openingBooked", "82721.95", "2023-06-20"],
      ["CLBD", "closingBooked", "84515.25", "2023-06-20"],
      ["CLAV", null, "83415.25", "2023-06-20"],
    ]);
  });
});

describe("camt.053 inputs", () => {
  const oca = readFileSync(path.join(SAMPLES, OCA));

  it("reads a web ReadableStream as it reads a Node stream, chunks split anywhere", async () => {
    const chunks = [oca.subarray(0, 333), oca.subarray(333, 5000), oca.subarray(5000)];
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const progress: { bytes: number; entries: number }[] = [];
    const [statement] = await collectStatements(readCamt053(web, { onProgress: (p) => progress.push(p) }));
    expect(statement?.entries.map((e) => e.amount)).toEqual(["-754.25", "-664.05", "1405.31"]);
    // After each chunk, then at the end: the entries whose Ntry had ended by then (Ntry 1 ends on
    // line 112, inside the first 5,000 bytes, which reach line 137; Ntry 2 ends on line 227).
    expect(progress).toEqual([
      { bytes: 333, entries: 0 },
      { bytes: 5000, entries: 1 },
      { bytes: oca.byteLength, entries: 3 },
    ]);
  });

  it("a PDNG (or v08 Sts/Cd PDNG) entry is pending", async () => {
    const text = oca.toString("utf8").replace("<Sts>BOOK</Sts>", "<Sts>PDNG</Sts>");
    const [statement] = await readText(text);
    expect(statement?.entries.map((e) => e.status)).toEqual(["pending", "booked", "booked"]);
    const unknown = oca.toString("utf8").replace("<Sts>BOOK</Sts>", "<Sts>DONE</Sts>");
    await expect(readText(unknown)).rejects.toThrow(/Ntry 1: Sts is "DONE", not BOOK, PDNG, INFO or FUTR$/);
  });
});

describe("camt.053 files refused", () => {
  const oca = readFileSync(path.join(SAMPLES, OCA), "utf8");

  it("a truncated file names where it ends", async () => {
    await expect(readText(oca.slice(0, 4000))).rejects.toThrow(
      /^line \d+, column \d+: is not well-formed XML: unclosed tag/,
    );
  });

  it("an Amt without Ccy names the entry and the element", async () => {
    const text = oca.replace('<Amt Ccy="EUR">1405.31</Amt>', "<Amt>1405.31</Amt>");
    await expect(readText(text)).rejects.toThrow(/^line 229, column \d+: Ntry 3: Amt has no Ccy$/);
  });

  it('an amount "12.3.4" is not a decimal', async () => {
    const text = oca.replace('<Amt Ccy="EUR">754.25</Amt>', '<Amt Ccy="EUR">12.3.4</Amt>');
    await expect(readText(text)).rejects.toThrow(/Ntry 1: Amt is not a decimal amount: "12.3.4"$/);
  });

  it("a camt.053 version not read here is refused by its namespace", async () => {
    const text = oca.replace("camt.053.001.02", "camt.053.001.06");
    await expect(readText(text)).rejects.toThrow('namespace "urn:iso:std:iso:20022:tech:xsd:camt.053.001.06"');
  });

  it("an entry without its required BkTxCd, or with an element out of order", async () => {
    const noCode = oca.replace(/<BkTxCd>[\s\S]*?<\/BkTxCd>/, "");
    await expect(readText(noCode)).rejects.toThrow(/Ntry 1 has no BkTxCd$/);
    const swapped = oca.replace(
      "<CdtDbtInd>DBIT</CdtDbtInd>\n                <Sts>BOOK</Sts>",
      "<Sts>BOOK</Sts>\n                <CdtDbtInd>DBIT</CdtDbtInd>",
    );
    await expect(readText(swapped)).rejects.toThrow(/Ntry 1: CdtDbtInd is out of order \(after Sts\)$/);
  });

  it("a balance with a debit-credit indicator that is neither", async () => {
    const text = oca.replace("<CdtDbtInd>CRDT</CdtDbtInd>", "<CdtDbtInd>CRED</CdtDbtInd>");
    await expect(readText(text)).rejects.toThrow(/Stmt 1 Bal 1: CdtDbtInd is "CRED", not CRDT or DBIT$/);
  });

  it("another message (camt.052) is not a statement", async () => {
    const related = path.resolve(SAMPLES, "../related/genkgo_camt052_v04_pending.xml");
    await expect(collectStatements(readCamt053(createReadStream(related)))).rejects.toThrow(/camt\.052\.001\.04/);
  });
});

describe("a generated camt.053 of 100,000 entries", () => {
  it(
    "streams with bounded heap growth, every entry read and the balances reconciling",
    { timeout: 300_000 },
    async () => {
      const count = 100_000;
      const encoder = new TextEncoder();
      const bytes = Readable.from(
        (function* () {
          for (const chunk of generatedCamt053(count)) yield encoder.encode(chunk);
        })(),
      );
      // A collection before each sample, so the figure is what the reader keeps, not garbage.
      setFlagsFromString("--expose-gc");
      const collect = runInNewContext("gc") as () => void;
      collect();
      const baseline = process.memoryUsage().heapUsed;
      let peakGrowth = 0;
      let peakUncollected = 0;
      let entries = 0;
      let mismatches = 0;
      let header: Statement | null = null;
      let pending: string[] = [];
      let total = "0";
      for await (const item of readCamt053(bytes)) {
        if (item.kind === "statement") {
          header = { ...item.statement, entries: [] };
          continue;
        }
        if (item.entry.amount !== generatedAmount(entries)) mismatches++;
        entries++;
        pending.push(item.entry.amount);
        if (pending.length === 1000) {
          total = sumDecimals([total, ...pending]);
          pending = [];
          peakUncollected = Math.max(peakUncollected, process.memoryUsage().heapUsed - baseline);
        }
        if (entries % 10_000 === 0) {
          collect();
          peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - baseline);
        }
      }
      total = sumDecimals([total, ...pending]);
      const growthMiB = peakGrowth / 2 ** 20;
      console.log(
        `camt.053 100,000 entries (~73 MiB): heap kept ${growthMiB.toFixed(1)} MiB after collection at most, ` +
          `${(peakUncollected / 2 ** 20).toFixed(1)} MiB before collection at most`,
      );
      expect(entries).toBe(count);
      expect(mismatches).toBe(0);
      expect(header?.balances.map((b) => b.amount)).toEqual([GENERATED_OPENING, generatedClosing(count)]);
      expect(sumDecimals([GENERATED_OPENING, total])).toBe(generatedClosing(count));
      // The file is ~73 MiB and its entries take more as objects: a reader that kept either would
      // hold tens of MiB by the first 10,000 entries and hundreds by the end.
      expect(growthMiB).toBeLessThan(24);
      expect(peakUncollected / 2 ** 20).toBeLessThan(256);
    },
  );
});
