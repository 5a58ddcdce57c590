// What the balance chart and the reconciliation panel show, worked out without React: the chart's
// rows (which days are given, which derived), the words for sources and month statuses, a statement
// figure as typed, the server's refusal of a month that does not reconcile, and the day a sync
// should read the bank again from. Money stays a decimal string throughout; Number() makes only the
// chart's y values.
import { isApiCallError } from "@/lib/client/errors";
import type { BalancePoint, MonthLine, MonthStatus, ReconciliationWindow } from "@/lib/client/ledger";
import { addDays } from "@/lib/dates/days";
import { decimalSubtract } from "@/lib/money/decimal";

type Kind = BalancePoint["kind"];

/** One day of the balance chart: `given` and `derived` are the two drawings' y values (null: not drawn there). */
export type BalanceRow = {
  date: string;
  /** The exact figure, for the tooltip. */
  amount: string;
  kind: Kind;
  value: number;
  /** Set on a day the bank, a file or a person gave: drawn solid, with a dot. */
  given: number | null;
  /** Set on a derived day and on the given days next to one, so the dashed stretch meets the dots. */
  derived: number | null;
};

const isGiven = (kind: Kind | undefined) => kind !== undefined && kind !== "derived";

export function balanceRows(points: readonly BalancePoint[]): BalanceRow[] {
  return points.map((p, i) => {
    const value = Number(p.amount);
    const touchesDerived = !isGiven(p.kind) || points[i - 1]?.kind === "derived" || points[i + 1]?.kind === "derived";
    return {
      date: p.date,
      amount: p.amount,
      kind: p.kind,
      value,
      given: isGiven(p.kind) ? value : null,
      derived: touchesDerived ? value : null,
    };
  });
}

/** The chart's two lines, in its drawing and its legend: indigo-700 given (with dots), indigo-400 dashed derived. */
export const GIVEN_COLOUR = "#4338ca";
export const DERIVED_COLOUR = "#818cf8";

/** Where a day's figure comes from, for the figures table and the tooltip. */
export const SOURCE_LABELS: Record<Kind, string> = {
  bank: "Given by the bank",
  file: "Given by a statement file",
  person: "Typed from a statement",
  derived: "Derived from transactions",
};

/** The legend's words for the dots: who gave the figures in this span ("the bank" when none did). */
export function givenLegend(points: readonly BalancePoint[]): string {
  const kinds = new Set(points.map((p) => p.kind));
  const who = [kinds.has("bank") && "the bank", kinds.has("file") && "a statement file"].filter(Boolean);
  if (kinds.has("person")) who.push("a statement (typed)");
  return `Given by ${who.length ? who.join(" or ") : "the bank"}`;
}

/** The span's first and last figure and the change between them, exactly (null without points). */
export function spanChange(points: readonly BalancePoint[]) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  return { first, last, change: decimalSubtract(last.amount, first.amount) };
}

const STATUS: Record<MonthStatus, { label: string; tone: "green" | "amber" | "indigo" | "red" | "slate" }> = {
  reconciled: { label: "Reconciled ✓", tone: "green" },
  changed_since: { label: "Changed since ⚠", tone: "amber" },
  ready: { label: "Ready", tone: "indigo" },
  difference: { label: "Difference", tone: "red" },
  balance_missing: { label: "Balance missing", tone: "slate" },
};

export const monthStatus = (status: MonthStatus) => STATUS[status];

/** Whether a month is over (its last day before `today`): a month still running is not closed. */
export const monthIsOver = (line: Pick<MonthLine, "closingDate">, today = new Date().toISOString().slice(0, 10)) =>
  line.closingDate < today;

/**
 * A balance as typed from a statement, checked loosely (the server is the judge): spaces and a
 * typographic minus are forgiven; a comma is not guessed at (is "1,250" a thousand or one and a
 * quarter?), the person is asked for the form the server takes.
 */
export function statementFigure(text: string): { value: string } | { error: string } {
  const value = text
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/^[\u2212\u2013]/, "-")
    .replace(/^\+/, "");
  if (value === "") return { error: "Type the balance printed on the statement." };
  if (/^-?\d+(\.\d+)?$/.test(value)) return { value };
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value))
    return { error: "Leave out the thousands separators: 1234.56, not 1,234.56." };
  if (/^-?\d+,\d+$/.test(value)) return { error: "Write the decimals with a point: 12.50, not 12,50." };
  return { error: "Type the balance as a number, such as 1234.56 or -80.00." };
}

/**
 * The server's refusal of a month that does not reconcile (lib/accounttracking/accounts/ledger.ts
 * `mismatch`): a 422 whose closingBalance message names the difference and the days it lies in.
 * Told apart from a malformed figure (also a 422 on that field) by those words; null for any other
 * failure.
 */
export function mismatchOf(error: unknown): string | null {
  if (!isApiCallError(error) || error.status !== 422) return null;
  const message = error.fieldError("closingBalance");
  return message && /a difference of/.test(message) ? message : null;
}

/**
 * The day to read the bank again from, for a month that did not reconcile. With the windows the
 * server found between the month's known balances: the earliest one it can still re-read (null
 * when every window is older than the bank serves again). Without them (a figure was typed, so the
 * server's windows are not at hand): the month's first day, which covers whichever days it named.
 */
export function rereadFrom(
  line: Pick<MonthLine, "openingDate">,
  windows: readonly ReconciliationWindow[] | undefined,
): string | null {
  if (!windows || windows.length === 0) return addDays(line.openingDate, 1);
  const days = windows.flatMap((w) => (w.remedies.reread ? [w.remedies.reread.dateFrom] : [])).sort();
  return days[0] ?? null;
}
