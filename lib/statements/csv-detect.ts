// A first guess at a CSV export's layout, for the person to confirm in the column mapper: the
// encoding (UTF-8 if the bytes are valid UTF-8, else Latin-1), the delimiter and quote, whether
// the first row is a header, the date format and decimal separator that every value fits, and
// which columns hold the dates, the amount(s), the currency and the parties. A file whose header
// (or, for ASN Bank, whose shape) is a built-in bank's gets that bank's layout instead.

import {
  ASN_TRANSACTIE_HISTORIE,
  BUILT_IN_LAYOUTS,
  type CsvLayout,
  type CsvLayoutInput,
  DATE_FORMATS,
  type DateFormat,
} from "./csv-layout";
import { csvRows } from "./csv";
import { csvDate } from "./csv-values";
import { canonicalDecimal } from "./decimal-text";

export type DetectedLayout = {
  layout: CsvLayoutInput;
  /** The built-in layout the file matched, if any. */
  builtIn: string | null;
  /** What the guess could not settle, for the person to check. */
  notes: string[];
};

const DELIMITERS = [";", ",", "\t", "|"] as const;
const SAMPLE_LINES = 50;

function guessDelimiter(lines: string[]): CsvLayout["delimiter"] {
  let best: { delimiter: CsvLayout["delimiter"]; score: number } = { delimiter: ",", score: -1 };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((l) => l.replace(/"[^"]*"/g, "").split(delimiter).length - 1).filter((n) => n > 0);
    const tally = new Map<number, number>();
    for (const n of counts) tally.set(n, (tally.get(n) ?? 0) + 1);
    const [mode = 0, times = 0] = [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [];
    const score = times * 1000 + mode;
    if (mode > 0 && score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

function guessQuote(lines: string[], delimiter: string): CsvLayout["quote"] {
  const fields = lines.flatMap((l) => l.split(delimiter));
  const double = fields.filter((f) => f.startsWith('"')).length;
  const single = fields.filter((f) => f.length > 1 && f.startsWith("'") && f.endsWith("'")).length;
  return single > double ? "'" : '"';
}

const nonEmpty = (values: string[]) => values.map((v) => v.trim()).filter(Boolean);

function dateFormatOf(values: string[]): DateFormat | null {
  const cells = nonEmpty(values);
  if (cells.length === 0) return null;
  return DATE_FORMATS.find((format) => cells.every((c) => csvDate(c, format) !== null)) ?? null;
}

function isAmountColumn(values: string[], decimal: "," | "."): boolean {
  const cells = nonEmpty(values);
  return (
    cells.length > 0 &&
    cells.every(
      (c) => /\d/.test(c) && canonicalDecimal(c, { decimal, thousands: decimal === "," ? "." : "," }) !== null,
    )
  );
}

function builtInFor(header: string[], firstRow: string[]): CsvLayout | null {
  const names = header.map((h) => h.trim());
  for (const layout of BUILT_IN_LAYOUTS.filter((l) => l.hasHeader)) {
    const wanted = [
      layout.columns.bookingDate,
      layout.amount.kind === "signed" ? layout.amount.column : layout.amount.debitColumn,
    ];
    if (wanted.every((w) => typeof w === "string" && names.includes(w))) return layout;
  }
  // ASN Bank's export has no header: 19 columns, the own ASN IBAN second.
  if (firstRow.length === 19 && /^NL\d{2}ASNB/.test(firstRow[1] ?? "")) return ASN_TRANSACTIE_HISTORIE;
  return null;
}

/** `builtIns: false` skips the bank match (to see what the guess alone makes of a file). */
export function detectLayout(bytes: Uint8Array, options: { builtIns?: boolean } = {}): DetectedLayout {
  let encoding: CsvLayout["encoding"] = "utf-8";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: read as Latin-1, which decodes any byte, and say so in the proposed layout.
    encoding = "latin1";
    text = new TextDecoder("latin1").decode(bytes);
  }
  text = text.replace(/^\uFEFF/, "");
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "")
    .slice(0, SAMPLE_LINES);
  const delimiter = guessDelimiter(lines);
  const quote = guessQuote(lines, delimiter);
  const rows = csvRows(lines.join("\n"), { delimiter, quote }).map((r) => r.cells);
  const [first = [], second = []] = rows;
  const looksLikeData = (row: string[]) => row.some((c) => dateFormatOf([c]) !== null);
  const hasHeader = !looksLikeData(first) && looksLikeData(second);
  const notes: string[] = [];

  const builtIn = options.builtIns === false ? null : builtInFor(hasHeader ? first : [], hasHeader ? second : first);
  if (builtIn) return { layout: { ...builtIn, encoding }, builtIn: builtIn.name, notes };

  const data = hasHeader ? rows.slice(1) : rows;
  const header = hasHeader ? first.map((h) => h.trim()) : [];
  const width = Math.max(0, ...data.map((r) => r.length));
  const columnValues = (i: number) => data.map((r) => r[i] ?? "");
  const ref = (i: number) => (hasHeader && header[i] ? header[i] : i);

  const dates = [...Array(width).keys()]
    .map((i) => ({ i, format: dateFormatOf(columnValues(i)) }))
    .filter((d) => d.format !== null);
  const dateFormat = dates[0]?.format ?? "DD.MM.YYYY";
  if (dates.length === 0) notes.push("no column holds dates in a known format: choose the date column and format");
  const dateColumns = new Set(dates.map((d) => d.i));
  const numberLike = [...Array(width).keys()].filter(
    (i) => !dateColumns.has(i) && nonEmpty(columnValues(i)).some((c) => /^[-+]?[\d.,' ]*\d[-+]?$/.test(c)),
  );
  const cells = numberLike.flatMap((i) => nonEmpty(columnValues(i)));
  const comma = cells.filter((c) => /,\d{1,2}-?$/.test(c)).length;
  const point = cells.filter((c) => /\.\d{1,2}-?$/.test(c)).length;
  const decimalSeparator = comma > point ? "," : ".";
  const amounts = numberLike.filter((i) => isAmountColumn(columnValues(i), decimalSeparator));

  const named = (pattern: RegExp) => amounts.find((i) => pattern.test(header[i] ?? ""));
  const debit = named(/debit|soll|\baf\b|paid out|withdraw/i);
  const credit = named(/credit|haben|\bbij\b|paid in|deposit/i);
  const signed =
    named(/^(betrag|amount|bedrag|montant|importe|umsatz)\b/i) ??
    amounts.find((i) => nonEmpty(columnValues(i)).some((c) => c.includes("-")));
  const balance = named(/balance|saldo|kontostand/i);
  let amount: CsvLayoutInput["amount"];
  if (debit !== undefined && credit !== undefined)
    amount = { kind: "debitCredit", debitColumn: ref(debit), creditColumn: ref(credit) };
  else {
    amount = { kind: "signed", column: ref(signed ?? amounts[0] ?? 0) };
    if (signed === undefined) notes.push("no column is clearly the amount: check it");
  }
  const currencyColumn = [...Array(width).keys()].find(
    (i) => nonEmpty(columnValues(i)).length > 0 && nonEmpty(columnValues(i)).every((c) => /^[A-Z]{3}$/.test(c)),
  );
  const ibanColumns = [...Array(width).keys()].filter((i) =>
    nonEmpty(columnValues(i)).some((c) => /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(c.replace(/\s/g, ""))),
  );
  const ownIban = ibanColumns.find((i) => new Set(nonEmpty(columnValues(i))).size === 1);
  const byHeader = (pattern: RegExp) => header.findIndex((h) => pattern.test(h));
  const ibanHeader = byHeader(/iban|tegenrekening|gegenkonto/i);
  const counterpartIban =
    ibanHeader >= 0 && ibanHeader !== ownIban ? ibanHeader : ibanColumns.find((i) => i !== ownIban);
  const nameHeader = byHeader(
    /beg(ü|ue)nstigter|zahlungspflichtiger|payee|counterpart|naam|empf(ä|ae)nger|auftraggeber/i,
  );
  const textHeader = byHeader(/verwendungszweck|description|omschrijving|mededeling|purpose|libell/i);
  if (!hasHeader) notes.push("the file has no header row: check which column is which");
  if (currencyColumn === undefined) notes.push("no currency column: give the currency");

  return {
    layout: {
      name: "Detected layout",
      delimiter,
      quote,
      encoding,
      hasHeader,
      dateFormat,
      decimalSeparator,
      thousandsSeparator: null,
      amount,
      currency: null,
      columns: {
        bookingDate: ref(dates[0]?.i ?? 0),
        valueDate: dates[1] ? ref(dates[1].i) : null,
        currency: currencyColumn === undefined ? null : ref(currencyColumn),
        counterpartIban: counterpartIban === undefined ? null : ref(counterpartIban),
        counterpartName: nameHeader >= 0 ? ref(nameHeader) : null,
        remittanceInformation: textHeader >= 0 ? ref(textHeader) : null,
        accountIban: ownIban === undefined ? null : ref(ownIban),
      },
      balance: balance === undefined ? null : { column: ref(balance), timing: "after" },
    },
    builtIn: null,
    notes,
  };
}
