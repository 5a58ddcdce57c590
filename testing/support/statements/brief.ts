// For the statement parsers' unit tests (lib/statements/*.test.ts): an entry cut down to
// what a sample's first and last rows are checked by, so each file format states the same four facts.
import type { StatementEntry } from "@/lib/statements/model";

/** The booking date, amount, other party and source line of an entry; null for no entry. */
export function brief(entry: StatementEntry | undefined) {
  if (!entry) return null;
  return {
    date: entry.bookingDate,
    amount: entry.amount,
    counterpart: entry.creditorName ?? entry.debtorName,
    line: entry.origin.line,
  };
}
