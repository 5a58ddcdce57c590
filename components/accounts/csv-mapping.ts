// The column mapper's model (components/accounts/csv-column-mapper.tsx), and its translation to and
// from a CsvLayout (lib/statements/csv-layout.ts). A person thinks of a CSV file column by column
// ("this one is the booking date"); a layout says it role by role (`columns.bookingDate: "Datum"`).
// Pure, so both directions and the checks before saving are unit tested.
//
// What the form does not show is kept from the layout it started from (the delimiter, quote and
// encoding the server detected, a pendingWhen rule of a saved layout), so mapping a built-in or saved
// layout again loses nothing of it.
import type { CsvColumn, CsvLayoutInput, DateFormat } from "@/lib/statements/csv-layout";

/** What a column can be. The first group is what most exports have; the rest are kept as details. */
export const COLUMN_ROLES = [
  { value: "ignore", label: "Ignore" },
  { value: "bookingDate", label: "Booking date" },
  { value: "valueDate", label: "Value date" },
  { value: "amount", label: "Amount (signed)" },
  { value: "debit", label: "Debit (money out)" },
  { value: "credit", label: "Credit (money in)" },
  { value: "currency", label: "Currency" },
  { value: "counterpartName", label: "Counterpart name" },
  { value: "counterpartIban", label: "Counterpart IBAN" },
  { value: "remittanceInformation", label: "Remittance information" },
  { value: "balance", label: "Balance" },
  { value: "bookingText", label: "Booking text" },
  { value: "entryReference", label: "Entry reference" },
  { value: "endToEndId", label: "End-to-end id" },
  { value: "mandateId", label: "Mandate reference" },
  { value: "creditorId", label: "Creditor id" },
  { value: "structuredReference", label: "Payment reference" },
  { value: "proprietaryBankTransactionCode", label: "Bank transaction code" },
  { value: "accountIban", label: "Own account IBAN" },
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number]["value"];

type Layout = CsvLayoutInput;
type ColumnKey = keyof Layout["columns"];
/** The roles that are one of the layout's `columns` as they are. */
const COLUMN_KEYS = [
  "bookingDate",
  "valueDate",
  "currency",
  "counterpartName",
  "counterpartIban",
  "remittanceInformation",
  "bookingText",
  "proprietaryBankTransactionCode",
  "entryReference",
  "structuredReference",
  "endToEndId",
  "mandateId",
  "creditorId",
  "accountIban",
] as const satisfies readonly ColumnKey[];

export type Mapping = {
  name: string;
  /** One role per column of the file, by position. */
  roles: ColumnRole[];
  hasHeader: boolean;
  dateFormat: DateFormat;
  decimalSeparator: Layout["decimalSeparator"];
  thousandsSeparator: Layout["thousandsSeparator"];
  /** The file's currency when no column gives it ("" when none is given). */
  currency: string;
  balanceTiming: "before" | "after";
  /** Kept from the layout the form started from (not shown in the form). */
  kept: Pick<Layout, "delimiter" | "quote" | "encoding" | "pendingWhen">;
};

/** The table the mapper shows: the header (when the file has one, as the person says) and the data rows. */
export function tableOf(
  preview: { header: string[] | null; rows: string[][] },
  hasHeader: boolean,
): { header: string[] | null; rows: string[][] } {
  if (hasHeader) return preview.header ? preview : { header: preview.rows[0] ?? [], rows: preview.rows.slice(1) };
  return { header: null, rows: preview.header ? [preview.header, ...preview.rows] : preview.rows };
}

/** How many columns the file has, as far as its first rows show. */
export const widthOf = (preview: { header: string[] | null; rows: string[][] }) =>
  Math.max(preview.header?.length ?? 0, ...preview.rows.map((r) => r.length), 0);

/** The 0-based position a layout's column names (a position, or a header text), null when not in this file. */
export function columnIndex(column: CsvColumn | null | undefined, header: string[] | null): number | null {
  if (column === null || column === undefined) return null;
  if (typeof column === "number") return column;
  const at = (header ?? []).findIndex((h) => h.trim() === column.trim());
  return at < 0 ? null : at;
}

/** The form's model for a layout over a file whose first rows are `preview`. */
export function mappingFromLayout(
  layout: Layout,
  preview: { header: string[] | null; rows: string[][] },
  fallbackCurrency: string,
): Mapping {
  const roles: ColumnRole[] = Array.from({ length: widthOf(preview) }, () => "ignore");
  const put = (column: CsvColumn | null | undefined, role: ColumnRole) => {
    const at = columnIndex(column, preview.header);
    if (at !== null && at < roles.length && roles[at] === "ignore") roles[at] = role;
  };
  const { amount } = layout;
  if (amount.kind === "signed") put(amount.column, "amount");
  else {
    put(amount.debitColumn, "debit");
    put(amount.creditColumn, "credit");
  }
  for (const key of COLUMN_KEYS) put(layout.columns[key], key);
  put(layout.balance?.column, "balance");
  return {
    name: layout.name,
    roles,
    hasHeader: layout.hasHeader,
    dateFormat: layout.dateFormat,
    decimalSeparator: layout.decimalSeparator,
    thousandsSeparator: layout.thousandsSeparator,
    currency: layout.currency ?? (layout.columns.currency == null ? fallbackCurrency : ""),
    balanceTiming: layout.balance?.timing ?? "after",
    kept: {
      delimiter: layout.delimiter,
      quote: layout.quote,
      encoding: layout.encoding,
      pendingWhen: layout.pendingWhen ?? null,
    },
  };
}

const labelOf = (role: ColumnRole) => COLUMN_ROLES.find((r) => r.value === role)?.label ?? role;

/** What keeps the mapping from being a layout, in words for the person (empty when it is one). */
export function mappingProblems(mapping: Mapping): string[] {
  const problems: string[] = [];
  const count = (role: ColumnRole) => mapping.roles.filter((r) => r === role).length;
  for (const { value } of COLUMN_ROLES)
    if (value !== "ignore" && count(value) > 1) problems.push(`Only one column can be the ${labelOf(value)}.`);
  if (count("bookingDate") === 0) problems.push("Choose the column with the booking date.");
  const signed = count("amount") > 0;
  const split = count("debit") > 0 || count("credit") > 0;
  if (signed && split) problems.push("Choose either one signed amount column, or a debit and a credit column.");
  else if (!signed && !split) problems.push("Choose the amount column (or a debit and a credit column).");
  else if (split && (count("debit") === 0 || count("credit") === 0))
    problems.push("A debit column needs a credit column, and the other way round.");
  if (count("currency") === 0 && !/^[A-Z]{3}$/.test(mapping.currency))
    problems.push("Give the currency (such as EUR), or choose the column that holds it.");
  if (mapping.thousandsSeparator === mapping.decimalSeparator)
    problems.push("The thousands separator must differ from the decimal separator.");
  if (!mapping.name.trim()) problems.push("Give the layout a name.");
  return problems;
}

/**
 * The layout the mapping stands for: columns named by their header text when the file has a header
 * and the text is there and unique (a later export with its columns in another order still reads
 * right), by position otherwise. Call only when `mappingProblems` is empty.
 */
export function layoutFromMapping(mapping: Mapping, header: string[] | null): Layout {
  const names = mapping.hasHeader ? (header ?? []) : [];
  // A name the layout would store trimmed is kept only when the cell is its trimmed self: the server
  // checks each name against the header row as it is.
  const ref = (at: number): CsvColumn => {
    const name = names[at];
    return name && name === name.trim() && names.indexOf(name) === names.lastIndexOf(name) ? name : at;
  };
  const find = (role: ColumnRole) => {
    const at = mapping.roles.indexOf(role);
    return at < 0 ? null : ref(at);
  };
  const columns = Object.fromEntries(COLUMN_KEYS.map((key) => [key, find(key)])) as Record<
    (typeof COLUMN_KEYS)[number],
    CsvColumn | null
  >;
  const amountColumn = find("amount");
  const balance = find("balance");
  const pendingWhen = mapping.kept.pendingWhen ?? null;
  return {
    name: mapping.name.trim(),
    delimiter: mapping.kept.delimiter,
    quote: mapping.kept.quote,
    encoding: mapping.kept.encoding,
    hasHeader: mapping.hasHeader,
    dateFormat: mapping.dateFormat,
    decimalSeparator: mapping.decimalSeparator,
    thousandsSeparator: mapping.thousandsSeparator,
    amount:
      amountColumn !== null
        ? { kind: "signed", column: amountColumn }
        : { kind: "debitCredit", debitColumn: find("debit") ?? 0, creditColumn: find("credit") ?? 0 },
    // A currency column wins: the file's own currency per row.
    currency: columns.currency === null ? mapping.currency : null,
    columns: { ...columns, bookingDate: columns.bookingDate ?? 0 },
    balance: balance === null ? null : { column: balance, timing: mapping.balanceTiming },
    // A rule by header text cannot hold in a file read without one; dropped rather than refused.
    pendingWhen: pendingWhen && (mapping.hasHeader || typeof pendingWhen.column === "number") ? pendingWhen : null,
  };
}
