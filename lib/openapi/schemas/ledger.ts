// Response shapes of an account's ledger (lib/accounttracking/accounts/ledger.ts): the balance
// history and daily series, reconciliation between two balance points, and the closed months.
import { z } from "zod";
import { dateOnly, isoDateTime, uuid } from "@/lib/openapi/schemas/common";

const decimal = z.string().describe('A decimal amount as a string (never a float), e.g. "-12.50"');
const SOURCES = ["bank", "file", "person"] as const;

export const BalanceSeriesSchema = z.object({
  accountId: uuid,
  currency: z.string().describe("One currency per series; an account's other currencies are asked for with ?currency="),
  from: dateOnly,
  to: dateOnly,
  reason: z
    .enum(["no_balance"])
    .nullable()
    .describe("Why `points` is empty: no booked balance is known for the account in this currency yet"),
  points: z
    .array(
      z.object({
        date: dateOnly,
        amount: decimal.describe("The booked balance at the end of the day"),
        kind: z
          .enum([...SOURCES, "derived"])
          .describe(
            "bank or file: a balance given for that day; derived: computed from the nearest given one and the booked transactions in between",
          ),
        balanceType: z
          .string()
          .nullable()
          .describe("The given balance's type (closingBooked, openingBooked); null when derived"),
      }),
    )
    .describe("One point per day from `from` to `to`"),
  balances: z
    .array(
      z.object({
        id: uuid,
        referenceDate: dateOnly,
        balanceType: z
          .string()
          .describe("The Berlin Group's name: closingBooked, interimBooked, interimAvailable, expected, …"),
        amount: decimal,
        currency: z.string(),
        source: z.enum(["bank", "file"]),
        observedAt: isoDateTime.describe("When the sync or the import read it"),
        anchor: z
          .boolean()
          .describe("Whether the series and reconciliation stand on it (an end-of-day booked balance)"),
      }),
    )
    .describe("Every balance kept with a reference date in the span, oldest first"),
});

const AnchorSchema = z.object({
  date: dateOnly.describe("The balance stands at the end of this day"),
  amount: decimal,
  currency: z.string(),
  source: z.enum(SOURCES),
  balanceType: z.string(),
  balanceId: uuid.optional(),
});

const WindowSchema = z.object({
  kind: z
    .enum(["segment", "same_day"])
    .describe(
      "segment: between two balance points, the booked transactions do not explain the change; same_day: two figures for one day's end differ",
    ),
  from: dateOnly.describe("The first day the difference can lie in"),
  to: dateOnly.describe("The last such day; equal to `from` when one day is named"),
  difference: decimal.describe(
    "closing − (opening + booked): positive means a credit is missing (or a debit too many)",
  ),
  opening: AnchorSchema,
  closing: AnchorSchema,
  bookedTotal: decimal,
  bookedCount: z.number().int(),
  remedies: z.object({
    reread: z
      .object({ dateFrom: dateOnly })
      .nullable()
      .describe(
        "Sync again from this date (POST …/sync-transactions?dateFrom=); null when the window is older than the bank serves again",
      ),
    statement: z.object({ from: dateOnly, to: dateOnly }).describe("Import a statement file covering these days"),
  }),
});

export const ReconciliationSchema = z.object({
  accountId: uuid,
  currency: z.string(),
  opening: AnchorSchema,
  closing: AnchorSchema,
  holds: z
    .boolean()
    .describe("opening + the booked transactions in between = closing exactly, and every window in between holds"),
  expected: decimal.describe("opening + the booked transactions"),
  actual: decimal.describe("The closing balance"),
  difference: decimal,
  bookedTotal: decimal,
  bookedCount: z.number().int(),
  windows: z
    .array(WindowSchema)
    .describe("Where the difference lies, narrowed by the balance points in between; empty when it holds"),
});

export const ReconciledMonthSchema = z.object({
  id: uuid,
  month: z.string().describe("YYYY-MM"),
  currency: z.string(),
  opening: z.object({ date: dateOnly, amount: decimal, source: z.enum(SOURCES) }),
  closing: z.object({ date: dateOnly, amount: decimal, source: z.enum(SOURCES) }),
  bookedTotal: decimal,
  bookedCount: z.number().int(),
  reconciledAt: isoDateTime,
  reconciledBy: z.object({ id: uuid, name: z.string().nullable() }).nullable(),
  changedSince: z
    .number()
    .int()
    .describe("Transactions of the month booked, changed or removed after it was reconciled (flagged when above 0)"),
  bookedTotalNow: decimal.describe("The month's booked total as stored now"),
});

export const ReconciliationMonthsSchema = z.object({
  accountId: uuid,
  currency: z.string(),
  months: z.array(
    z.object({
      month: z.string().describe("YYYY-MM"),
      status: z
        .enum(["reconciled", "changed_since", "ready", "difference", "balance_missing"])
        .describe(
          "reconciled; changed_since: reconciled, then a transaction inside it changed; ready: both ends known and it holds; difference: both known and it does not; balance_missing: an end is not known (type it from the statement, or import the file)",
        ),
      openingDate: dateOnly,
      closingDate: dateOnly,
      opening: z.object({ amount: decimal, source: z.enum(SOURCES) }).nullable(),
      closing: z.object({ amount: decimal, source: z.enum(SOURCES) }).nullable(),
      difference: decimal.nullable(),
      reconciled: ReconciledMonthSchema.nullable(),
    }),
  ),
});
