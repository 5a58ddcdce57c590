// The bank's truth for an account: counts and sums (integer cents) of what the transactions endpoint
// reports, and the balances derived from them. Cached per clock because bulk-N sums N transactions.
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { addDays, type DateOnly } from "@/sandbox/bank/data/dates";
import { bulkCents, bulkIndexRange } from "@/sandbox/bank/data/bulk";
import {
  firstDay,
  isBulk,
  pendingDays,
  transactionsInRange,
  type SandboxClock,
} from "@/sandbox/bank/data/transactions";

export type Totals = {
  booked: { count: number; cents: number };
  pending: { count: number; cents: number };
  /** Sum of pending debits (they reduce the available balance; pending credits do not add to it). */
  pendingDebitCents: number;
};

const CACHE_LIMIT = 200;
const cache = new Map<string, Totals>();

export function totalsAsOf(account: SandboxAccount, clock: SandboxClock, asOf: DateOnly): Totals {
  const key = `${account.resourceId}|${clock.today}|${clock.baseToday}|${clock.offsetDays}|${asOf}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const totals: Totals = { booked: { count: 0, cents: 0 }, pending: { count: 0, cents: 0 }, pendingDebitCents: 0 };
  if (isBulk(account)) {
    // Every bulk transaction is booked; sum amounts without building transaction objects.
    const [from, to] = bulkIndexRange(
      account,
      clock.baseToday,
      firstDay(account, clock),
      asOf < clock.today ? asOf : clock.today,
    );
    for (let k = from; k < to; k++) totals.booked.cents += bulkCents(account, k);
    totals.booked.count = to - from;
    return remember(key, totals);
  }
  for (const t of transactionsInRange(account, clock, firstDay(account, clock), asOf)) {
    const bucket = t.status === "booked" ? totals.booked : totals.pending;
    bucket.count++;
    bucket.cents += t.reportedCents;
    if (t.status === "pending" && t.reportedCents < 0) totals.pendingDebitCents += t.reportedCents;
  }
  return remember(key, totals);
}

function remember(key: string, totals: Totals): Totals {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, totals);
  return totals;
}

/**
 * The balances a bank gives during a day: the closing booked balance of the last day whose bookings
 * are final (every entry dated on or before it is booked, pendingDays after its date), the booked
 * balance so far (interimBooked, today) and what is available (pending debits taken off).
 * A day still open is never given as closing: an entry pending today is booked later under its own
 * date, so today's booked figure is not the day's end.
 */
export type Balances = {
  closedDay: DateOnly;
  closingBookedCents: number;
  interimBookedCents: number;
  interimAvailableCents: number;
};

export function balancesOf(account: SandboxAccount, clock: SandboxClock): Balances {
  const totals = totalsAsOf(account, clock, clock.today);
  const closedDay = addDays(clock.today, -pendingDays(account));
  const interimBookedCents = account.openingCents + totals.booked.cents;
  return {
    closedDay,
    closingBookedCents: account.openingCents + totalsAsOf(account, clock, closedDay).booked.cents,
    interimBookedCents,
    interimAvailableCents: interimBookedCents + totals.pendingDebitCents,
  };
}
