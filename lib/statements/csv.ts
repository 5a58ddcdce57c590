// A bank's CSV export → one statement, under a CsvLayout the person confirmed (csv-layout.ts;
// csv-detect.ts proposes one). Parsing is csv-parse; this file maps columns to the model. Rows may
// come newest first or oldest first; with a running-balance column the statement gets the balance
// before its oldest row and after its newest one (computed from the row's amount where the column
// holds the other one), so an import can check that no row is missing in between.

import { parse } from "csv-parse/sync";
import { EMPTY_FACTS, type Statement, type StatementBalance, type StatementEntry } from "./model";
import { type CsvColumn, CsvLayout } from "./csv-layout";
import { csvDate } from "./csv-values";
import { canonicalDecimal, negateDecimal } from "./decimal-text";
import { sumDecimals } from "@/lib/money/decimal";
import { StatementFileError } from "./errors";

type Row = { cells: string[]; line: number };

function decode(bytes: Uint8Array | string, encoding: CsvLayout["encoding"]): string {
  if (typeof bytes === "string") return bytes.replace(/^\uFEFF/, "");
  try {
    return new TextDecoder(encoding, { fatal: encoding === "utf-8" }).decode(bytes).replace(/^\uFEFF/, "");
  } catch (cause) {
    throw new StatementFileError(
      "is not UTF-8 text: try the layout with encoding latin1 or windows-1252",
      {},
      { cause },
    );
  }
}

export function csvRows(text: string, layout: Pick<CsvLayout, "delimiter" | "quote">): Row[] {
  try {
    const records = parse(text, {
      delimiter: layout.delimiter,
      quote: layout.quote ?? false,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch (cause) {
    const line = (cause as { lines?: number }).lines ?? null;
    const reason =
      cause instanceof Error ? cause.message.replace(/^Invalid Record Length: |^[^:]*: /, "") : String(cause);
    throw new StatementFileError(`is not CSV under this layout: ${reason}`, { line }, { cause });
  }
}

const clean = (text: string | undefined) => text?.replace(/\s+/g, " ").trim() || null;

/** Old-style account numbers share the IBAN columns of some exports; only an IBAN is one. */
const asIban = (text: string | null) => {
  const compact = text?.replace(/\s/g, "").toUpperCase() ?? "";
  return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(compact) ? compact : null;
};

export function parseCsv(input: Uint8Array | string, layoutInput: CsvLayout): Statement {
  const layout = CsvLayout.parse(layoutInput);
  const rows = csvRows(decode(input, layout.encoding), layout);
  const header = layout.hasHeader ? rows.shift() : undefined;
  const names = header?.cells.map((c) => c.trim()) ?? [];
  const index = (col: CsvColumn): number => {
    if (typeof col === "number") return col;
    const at = names.indexOf(col);
    if (at < 0)
      throw new StatementFileError(`has no column ${JSON.stringify(col)} in its header`, { line: header?.line ?? 1 });
    return at;
  };
  const label = (col: CsvColumn) =>
    `column ${JSON.stringify(typeof col === "number" ? (names[col] ?? String(col)) : col)}`;
  const cell = (row: Row, col: CsvColumn | null) => (col === null ? null : clean(row.cells[index(col)]));
  const seps = { decimal: layout.decimalSeparator, thousands: layout.thousandsSeparator };
  const amountIn = (row: Row, col: CsvColumn) => {
    const text = cell(row, col);
    if (text === null) return null;
    const value = canonicalDecimal(text, seps);
    if (value === null)
      throw new StatementFileError(
        `${JSON.stringify(text)} is not an amount with decimal ${JSON.stringify(layout.decimalSeparator)}`,
        { line: row.line, element: label(col) },
      );
    return value;
  };
  const dateIn = (row: Row, col: CsvColumn | null, isRequired: boolean) => {
    const text = cell(row, col);
    if (text === null || col === null) {
      if (isRequired)
        throw new StatementFileError("is empty: a row needs its booking date", {
          line: row.line,
          element: label(col ?? 0),
        });
      return null;
    }
    const value = csvDate(text, layout.dateFormat);
    if (value === null)
      throw new StatementFileError(`${JSON.stringify(text)} is not a date in ${layout.dateFormat}`, {
        line: row.line,
        element: label(col),
      });
    return value;
  };
  const signedAmount = (row: Row): string => {
    const amount = layout.amount;
    if (amount.kind === "signed") {
      const value = amountIn(row, amount.column);
      if (value === null)
        throw new StatementFileError("is empty: a row needs its amount", {
          line: row.line,
          element: label(amount.column),
        });
      return value;
    }
    const debit = amountIn(row, amount.debitColumn);
    const credit = amountIn(row, amount.creditColumn);
    const isSet = (v: string | null) => v !== null && /[1-9]/.test(v);
    if (isSet(debit) && isSet(credit))
      throw new StatementFileError("has both a debit and a credit amount", { line: row.line });
    if (debit === null && credit === null)
      throw new StatementFileError("has neither a debit nor a credit amount", { line: row.line });
    return isSet(debit) && debit ? negateDecimal(debit.replace("-", "")) : (credit ?? "0").replace("-", "");
  };

  const { columns } = layout;
  const entries: StatementEntry[] = rows
    .filter((row) => row.cells.some((c) => c.trim() !== ""))
    .map((row, i) => {
      const amount = signedAmount(row);
      const currency = cell(row, columns.currency) ?? layout.currency ?? "";
      if (!/^[A-Z]{3}$/.test(currency))
        throw new StatementFileError(`${JSON.stringify(currency)} is not a currency code`, {
          line: row.line,
          element: label(columns.currency ?? 0),
        });
      const isIncoming = !amount.startsWith("-");
      const name = cell(row, columns.counterpartName);
      const iban = asIban(cell(row, columns.counterpartIban));
      const isPending =
        layout.pendingWhen !== null && cell(row, layout.pendingWhen.column) === layout.pendingWhen.equals;
      return {
        ...EMPTY_FACTS,
        amount,
        currency,
        endToEndId: cell(row, columns.endToEndId),
        mandateId: cell(row, columns.mandateId),
        creditorId: cell(row, columns.creditorId),
        creditorName: isIncoming ? null : name,
        creditorIban: isIncoming ? null : iban,
        debtorName: isIncoming ? name : null,
        debtorIban: isIncoming ? iban : null,
        remittanceInformation: cell(row, columns.remittanceInformation),
        structuredReference: cell(row, columns.structuredReference),
        proprietaryBankTransactionCode: cell(row, columns.proprietaryBankTransactionCode),
        status: isPending ? "pending" : "booked",
        bookingDate: dateIn(row, columns.bookingDate, true),
        valueDate: dateIn(row, columns.valueDate, false),
        entryReference: cell(row, columns.entryReference),
        isReversal: false,
        additionalInformation: cell(row, columns.bookingText),
        details: [],
        origin: { line: row.line, ordinal: i + 1, path: null },
      } satisfies StatementEntry;
    });

  const first = rows[0];
  const account = first ? cell(first, columns.accountIban) : null;
  return {
    format: "csv",
    version: layout.name,
    statementId: null,
    sequenceNumber: null,
    account: {
      iban: asIban(account),
      otherId: asIban(account) ? null : account,
      currency: entries[0]?.currency ?? layout.currency,
      ownerName: null,
      servicerBic: null,
      servicerName: null,
    },
    balances: layout.balance
      ? runningBalances(rows, entries, (row) => amountIn(row, layout.balance?.column ?? 0), layout.balance.timing)
      : [],
    entries,
    origin: { line: 1, ordinal: 1, path: null },
  };
}

/** The balance before the oldest row and after the newest, from a running-balance column. */
function runningBalances(
  rows: Row[],
  entries: StatementEntry[],
  balanceOf: (row: Row) => string | null,
  timing: "before" | "after",
): StatementBalance[] {
  const firstEntry = entries[0];
  const lastEntry = entries.at(-1);
  if (!firstEntry || !lastEntry) return [];
  const isNewestFirst = (firstEntry.bookingDate ?? "") > (lastEntry.bookingDate ?? "");
  const at = (entry: StatementEntry) => {
    const row = rows.find((r) => r.line === entry.origin.line);
    const value = row ? balanceOf(row) : null;
    if (value === null) throw new StatementFileError("has no balance", { line: entry.origin.line });
    return { entry, value };
  };
  const start = at(isNewestFirst ? lastEntry : firstEntry);
  const end = at(isNewestFirst ? firstEntry : lastEntry);
  const opening = timing === "before" ? start.value : sumDecimals([start.value, negateDecimal(start.entry.amount)]);
  const closing = timing === "after" ? end.value : sumDecimals([end.value, end.entry.amount]);
  const balance = (
    code: string,
    amount: string,
    entry: StatementEntry,
    type: "openingBooked" | "closingBooked",
  ): StatementBalance => ({
    code,
    balanceType: type,
    referenceDate: entry.bookingDate ?? "",
    amount,
    currency: entry.currency,
    origin: { line: entry.origin.line, ordinal: entry.origin.ordinal, path: null },
  });
  return [
    balance("before-oldest-row", opening, start.entry, "openingBooked"),
    balance("after-newest-row", closing, end.entry, "closingBooked"),
  ];
}
