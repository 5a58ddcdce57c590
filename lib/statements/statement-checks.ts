// Arithmetic a reader of statements needs on the neutral model, kept out of the parsers.

import { sumDecimals } from "@/lib/money/decimal";
import { negateDecimal } from "./decimal-text";
import type { Statement } from "./model";

/** opening + the booked entries − closing, exactly ("0.00"-like when the statement reconciles). */
export function reconciliationGap(statement: Statement, openingCode: string, closingCode: string): string {
  const opening = statement.balances.find((b) => b.code === openingCode);
  const closing = statement.balances.find((b) => b.code === closingCode);
  if (!opening || !closing) throw new Error(`statement has no ${!opening ? openingCode : closingCode} balance`);
  const booked = statement.entries.filter((e) => e.status === "booked").map((e) => e.amount);
  return sumDecimals([opening.amount, ...booked, negateDecimal(closing.amount)]);
}

export function isZeroDecimal(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value);
}
