// What a bank's CSV export looks like, as a person confirms it in the column mapper and as it is
// stored per bank: zod, strict, with messages a 422 can show as they are. No server imports: the
// mapper's form is built from this too. Columns are named by header text (a layout with a header
// row) or by 0-based position (any layout). Built-in layouts for the sample banks are at the end.

import { z } from "zod";

export const DATE_FORMATS = [
  "DD.MM.YYYY",
  "DD.MM.YY",
  "DD-MM-YYYY",
  "DD/MM/YYYY",
  "MM/DD/YYYY",
  "YYYY-MM-DD",
  "YYYYMMDD",
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const CSV_ENCODINGS = ["utf-8", "latin1", "windows-1252"] as const;

const column = z.union(
  [
    z
      .number()
      .int("a column position is a whole number")
      .min(0, "column positions start at 0")
      .max(255, "at most 256 columns"),
    z.string().trim().min(1, "a column name must not be empty").max(200, "a column name is at most 200 characters"),
  ],
  { message: "a column is a header name or a 0-based position" },
);
export type CsvColumn = z.infer<typeof column>;

const optionalColumn = column.nullable().default(null);

export const CsvAmount = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("signed"), column }),
    z.strictObject({ kind: z.literal("debitCredit"), debitColumn: column, creditColumn: column }),
  ],
  { message: 'amount is {kind: "signed", column} or {kind: "debitCredit", debitColumn, creditColumn}' },
);

export const CsvLayout = z
  .strictObject({
    name: z.string().trim().min(1, "a layout needs a name").max(100, "a layout name is at most 100 characters"),
    delimiter: z.enum([",", ";", "\t", "|"], { message: "delimiter must be one of , ; tab |" }),
    /** null = fields are never quoted. */
    quote: z.enum(['"', "'"], { message: "quote must be \" or ' (or null)" }).nullable(),
    encoding: z.enum(CSV_ENCODINGS, { message: `encoding must be one of ${CSV_ENCODINGS.join(", ")}` }),
    hasHeader: z.boolean({ message: "hasHeader must be true or false" }),
    dateFormat: z.enum(DATE_FORMATS, { message: `dateFormat must be one of ${DATE_FORMATS.join(", ")}` }),
    decimalSeparator: z.enum([",", "."], { message: "decimalSeparator must be , or ." }),
    thousandsSeparator: z
      .enum([".", ",", "'", " "], { message: "thousandsSeparator must be . , ' or space (or null)" })
      .nullable(),
    amount: CsvAmount,
    /** The file's currency when no column gives it. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "currency is an ISO 4217 code such as EUR")
      .nullable()
      .default(null),
    columns: z.strictObject({
      bookingDate: column,
      valueDate: optionalColumn,
      currency: optionalColumn,
      counterpartName: optionalColumn,
      counterpartIban: optionalColumn,
      remittanceInformation: optionalColumn,
      /** The bank's booking text ("KARTENZAHLUNG"), kept as additionalInformation. */
      bookingText: optionalColumn,
      proprietaryBankTransactionCode: optionalColumn,
      entryReference: optionalColumn,
      /** A structured payment reference (the Dutch betalingskenmerk, an RF creditor reference). */
      structuredReference: optionalColumn,
      endToEndId: optionalColumn,
      mandateId: optionalColumn,
      creditorId: optionalColumn,
      accountIban: optionalColumn,
    }),
    /** A running balance column, and whether it is the balance before or after its row. */
    balance: z
      .strictObject({ column, timing: z.enum(["before", "after"], { message: "timing must be before or after" }) })
      .nullable()
      .default(null),
    /** Rows whose column holds this text are pending (Sparkasse's Info: "Umsatz vorgemerkt"). */
    pendingWhen: z
      .strictObject({ column, equals: z.string().min(1, "pendingWhen.equals must not be empty") })
      .nullable()
      .default(null),
  })
  .superRefine((layout, context) => {
    if (layout.decimalSeparator === layout.thousandsSeparator) {
      context.addIssue({
        code: "custom",
        path: ["thousandsSeparator"],
        message: "the thousands separator must differ from the decimal separator",
      });
    }
    if (layout.delimiter === layout.decimalSeparator && layout.quote === null) {
      context.addIssue({
        code: "custom",
        path: ["quote"],
        message: "a decimal separator equal to the delimiter needs quoted fields",
      });
    }
    if (!layout.hasHeader) {
      const named = namedColumns(layout);
      for (const path of named)
        context.addIssue({ code: "custom", path, message: "a file without a header row names columns by position" });
    }
    if (layout.columns.currency === null && layout.currency === null) {
      context.addIssue({ code: "custom", path: ["currency"], message: "give the currency, or a currency column" });
    }
  });
export type CsvLayout = z.infer<typeof CsvLayout>;
/** What a person or the UI sends: defaults may be left out. */
export type CsvLayoutInput = z.input<typeof CsvLayout>;

function namedColumns(layout: CsvLayout): (string | number)[][] {
  const paths: (string | number)[][] = [];
  for (const [key, value] of Object.entries(layout.columns))
    if (typeof value === "string") paths.push(["columns", key]);
  const amount = layout.amount;
  if (amount.kind === "signed" && typeof amount.column === "string") paths.push(["amount", "column"]);
  if (amount.kind === "debitCredit" && typeof amount.debitColumn === "string") paths.push(["amount", "debitColumn"]);
  if (amount.kind === "debitCredit" && typeof amount.creditColumn === "string") paths.push(["amount", "creditColumn"]);
  if (typeof layout.balance?.column === "string") paths.push(["balance", "column"]);
  if (typeof layout.pendingWhen?.column === "string") paths.push(["pendingWhen", "column"]);
  return paths;
}

/** Sparkasse online banking "CSV-CAMT" export (Latin-1, `;`, 17 columns, Info marks pending rows). */
export const SPARKASSE_CSV_CAMT: CsvLayout = CsvLayout.parse({
  name: "Sparkasse CSV-CAMT",
  delimiter: ";",
  quote: '"',
  encoding: "latin1",
  hasHeader: true,
  dateFormat: "DD.MM.YY",
  decimalSeparator: ",",
  thousandsSeparator: null,
  amount: { kind: "signed", column: "Betrag" },
  columns: {
    bookingDate: "Buchungstag",
    valueDate: "Valutadatum",
    currency: "Waehrung",
    counterpartName: "Beguenstigter/Zahlungspflichtiger",
    counterpartIban: "Kontonummer/IBAN",
    remittanceInformation: "Verwendungszweck",
    bookingText: "Buchungstext",
    endToEndId: "Kundenreferenz (End-to-End)",
    mandateId: "Mandatsreferenz",
    creditorId: "Glaeubiger ID",
    accountIban: "Auftragskonto",
  },
  pendingWhen: { column: "Info", equals: "Umsatz vorgemerkt" },
} satisfies CsvLayoutInput);

/** ASN Bank "transactie-historie" (no header; the bank's documented 19 columns). */
export const ASN_TRANSACTIE_HISTORIE: CsvLayout = CsvLayout.parse({
  name: "ASN Bank transactie-historie",
  delimiter: ",",
  quote: "'",
  encoding: "utf-8",
  hasHeader: false,
  dateFormat: "DD-MM-YYYY",
  decimalSeparator: ".",
  thousandsSeparator: null,
  amount: { kind: "signed", column: 10 },
  columns: {
    bookingDate: 0,
    valueDate: 12,
    currency: 9,
    counterpartName: 3,
    counterpartIban: 2,
    remittanceInformation: 17,
    proprietaryBankTransactionCode: 14,
    entryReference: 15,
    structuredReference: 16,
    accountIban: 1,
  },
  balance: { column: 8, timing: "before" },
} satisfies CsvLayoutInput);

/** Lloyds Bank current-account download (debit and credit columns, running balance after). */
export const LLOYDS_CURRENT_ACCOUNT: CsvLayout = CsvLayout.parse({
  name: "Lloyds Bank current account",
  delimiter: ",",
  quote: '"',
  encoding: "utf-8",
  hasHeader: true,
  dateFormat: "DD/MM/YYYY",
  decimalSeparator: ".",
  thousandsSeparator: null,
  amount: { kind: "debitCredit", debitColumn: "Debit Amount", creditColumn: "Credit Amount" },
  currency: "GBP",
  columns: {
    bookingDate: "Transaction Date",
    remittanceInformation: "Transaction Description",
    proprietaryBankTransactionCode: "Transaction Type",
  },
  balance: { column: "Balance", timing: "after" },
} satisfies CsvLayoutInput);

export const BUILT_IN_LAYOUTS: readonly CsvLayout[] = [
  SPARKASSE_CSV_CAMT,
  ASN_TRANSACTIE_HISTORIE,
  LLOYDS_CURRENT_ACCOUNT,
];
