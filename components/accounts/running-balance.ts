// The running balance of an account's list and the check beside it. Anchored on the bank's own
// booked balance (closingBooked on its date), walked back through the booked rows newest first, in
// exact decimals (lib/money/decimal.ts): the balance after a row is the one after the row above it,
// minus that row. Pending rows, and rows in another currency than the balance, get none and move it
// not. The check splits the bank's balance into the synced bookings and the balance before them.
import { decimalAdd } from "@/lib/money/decimal";

type Row = { id: string; amount: string; currency: string; status: "booked" | "pending"; bookingDate: string | null };
type Balance = { amount: string; date: string | null };

const negate = (amount: string) => (amount.startsWith("-") ? amount.slice(1) : `-${amount}`);

/**
 * Balance after each row of a list that starts at the newest transaction (no filter), by row id.
 * Rows booked after the balance's date are not in it yet: they are added on top.
 */
export function runningBalances(rows: readonly Row[], balance: Balance, currency: string): Map<string, string | null> {
  const counts = (r: Row) => r.status === "booked" && r.currency === currency;
  let current = balance.amount;
  for (const r of rows) {
    if (counts(r) && balance.date && r.bookingDate && r.bookingDate > balance.date)
      current = decimalAdd(current, r.amount);
  }
  const out = new Map<string, string | null>();
  for (const r of rows) {
    if (!counts(r)) {
      out.set(r.id, null);
      continue;
    }
    out.set(r.id, current);
    current = decimalAdd(current, negate(r.amount));
  }
  return out;
}

type Figures = {
  currency: string;
  balance: { amount: string; date: string | null } | null;
  bookedSum: string | null;
  counts: { booked: number };
  firstDate: string | null;
  lastDate: string | null;
};

export type BalanceCheck =
  { kind: "ok"; opening: string; text: string } | { kind: "stale" | "mixed" | "unknown"; text: string };

/** How the bank's balance is made up from what we synced, and whether it can be relied on now. */
export function balanceCheck(f: Figures): BalanceCheck {
  if (!f.balance) return { kind: "unknown", text: "The bank has not reported a balance yet. Sync now to read it." };
  if (f.bookedSum === null)
    return {
      kind: "mixed",
      text: `Some bookings are in another currency than the balance (${f.currency}), so they cannot be added up against it.`,
    };
  if (f.balance.date && f.lastDate && f.balance.date < f.lastDate)
    return {
      kind: "stale",
      text: "The bank's balance is older than the latest bookings, so the running balance may be off. Press Sync now while you are here: the balance is read again with the transactions.",
    };
  return {
    kind: "ok",
    opening: decimalAdd(f.balance.amount, negate(f.bookedSum)),
    text: "The running balance starts at the bank's balance and steps back through every booked transaction. If the balance before the first one changes after a sync while the bank's balance did not, a transaction is missing or counted twice: press Sync now; if it stays, tell support.",
  };
}
