// Recurring payments found in an account's booked transactions: pure functions, no database.
//
// Transactions are grouped by their key (counterpart, the creditor id / mandate of a direct debit
// when present, direction, currency). A group whose every gap fits one period is one stream, whatever
// its amounts (a toll or an energy bill varies; a transfer between own accounts too). Otherwise the
// group holds noise or several streams (two subscriptions from one counterpart): streams are then
// followed back from the newest payment, one period at a time, to the payment of the closest amount,
// so each chain keeps to its own amount. A fixed amount that changed once is one stream (status
// amount_changed while the change is among the last three payments), its typical amount the new one.
// Status by the bank's today: late after the expected date plus a grace, ended after two periods.
import { absolute, amountChangeAt, medianAmount, spreadOf, steady, unitRatio, unitsOf } from "@/lib/recurring/amounts";
import { PERIODS, PERIOD_RULES, dayNumber, fitsGap, nextDate, type Period } from "@/lib/recurring/calendar";

export type Direction = "in" | "out";
export type StreamStatus = "active" | "late" | "ended" | "amount_changed";

/** A booked transaction as detection reads it: `amount` signed, `date` its booking date. */
export type Payment = {
  id: string;
  date: string;
  amount: string;
  currency: string;
  counterpartId: string | null;
  /** The counterpart's name as shown (alias, else the bank's name). */
  label: string;
  creditorId: string | null;
  mandateId: string | null;
  /** The other party's IBAN (creditor's for a payment out, debtor's for one in). */
  iban: string | null;
};

export type Occurrence = { date: string; amount: string; transactionId: string };

export type DetectedStream = {
  streamKey: string;
  counterpartId: string | null;
  label: string;
  direction: Direction;
  currency: string;
  period: Period;
  /** Absolute amounts, decimal strings. */
  typicalAmount: string;
  spread: string;
  firstDate: string;
  lastDate: string;
  lastAmount: string;
  nextExpectedDate: string;
  nextExpectedAmount: string;
  occurrences: number;
  /** The latest occurrences, oldest first. */
  history: Occurrence[];
  status: StreamStatus;
  /** The fixed amount paid before it changed (null: it never changed). */
  previousAmount: string | null;
};

/** The history a stream keeps. */
const HISTORY = 24;
/** How far apart two neighbouring payments of one chain may be in amount (an amount change fits). */
const CHAIN_STEP = 1.25;
/** How far apart any two payments of one chain may be in amount. */
const CHAIN_RANGE = 1.6;
/** Amounts this close (largest over smallest) are one amount, give or take a rounding or a small index. */
const CLOSE = 1.1;
/** A chain (a stream among other payments of its group) needs at least this many payments. */
const CHAIN_MINIMUM = 5;
/** A group regular as a whole with amounts all over the place needs this many (or a direct debit's mandate). */
const LOOSE_MINIMUM = 6;
/** How many payments chains() looks at in one group at most (about a quarter of a second). */
const WORK_LIMIT = 250_000;
/** A change of amount counts as recent while among this many last payments. */
const RECENT_CHANGE = 3;

const directionOf = (amount: string): Direction => (amount.startsWith("-") ? "out" : "in");

/**
 * The group a payment belongs to: counterpart, the creditor id / mandate of a direct debit (else the
 * other party's IBAN: one company's sweeps to two of its own accounts are two streams), direction,
 * currency.
 */
export function groupKey(p: Payment): string | null {
  const party = p.counterpartId ?? (p.label ? `name:${p.label.toLowerCase()}` : null);
  if (!party) return null;
  const debit = p.creditorId || p.mandateId ? `${p.creditorId ?? ""}/${p.mandateId ?? ""}` : (p.iban ?? "-");
  return `${party}|${debit}|${directionOf(p.amount)}|${p.currency}`;
}

/** The period every gap of `dated` (in date order) fits, with enough payments; null when none. */
function periodOf(dated: readonly Payment[]): Period | null {
  for (const period of PERIODS) {
    if (dated.length < PERIOD_RULES[period].minimum) continue;
    if (dated.every((p, i) => i === 0 || fitsGap(period, dayNumber(p.date) - dayNumber(dated[i - 1].date))))
      return period;
  }
  return null;
}

/** One amount give or take a little, or one fixed amount that changed once. */
const oneAmount = (amounts: readonly string[]): boolean => steady(amounts, CLOSE) || amountChangeAt(amounts) !== null;

/**
 * A stream among other payments keeps its amount to itself: few other payments of the group fall
 * between its smallest and largest amount. Dense noise (a customer paying invoices of any size every
 * day) makes chains of similar amounts by chance; those fail here.
 */
function ownsItsAmount(chain: readonly number[], units: readonly number[], ascending: readonly number[]): boolean {
  const own = chain.map((i) => units[i]);
  const [low, high] = [Math.min(...own) / 1.02, Math.max(...own) * 1.02];
  // The group's payments in the band, less the chain's own (all of them are in it).
  const inBand = upperBound(ascending, high) - lowerBound(ascending, low) - chain.length;
  return inBand <= Math.floor(chain.length / 4);
}

/** The first index of ascending `values` at or above `value` (above it, with `above`). */
function bound(values: readonly number[], value: number, above = false): number {
  let [low, high] = [0, values.length];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid] < value || (above && values[mid] === value)) low = mid + 1;
    else high = mid;
  }
  return low;
}
const lowerBound = (values: readonly number[], value: number) => bound(values, value);
const upperBound = (values: readonly number[], value: number) => bound(values, value, true);

/**
 * Chains followed back from each newest unclaimed payment, shortest period first (never yearly: two
 * make no chain). A start is not followed in a period where its chain could not own its amount: the
 * group holds more payments within 2% of it than the longest chain the period allows and a quarter
 * (ownsItsAmount would refuse any chain through it). Without that, a dense group (a supermarket's
 * card payments, 25 a day) was followed back through its whole history from each of its payments:
 * minutes for an account of 100,000 rows, with the worker's other jobs waiting. Small amounts of a
 * dense group still pass that test, so the search also stops after WORK_LIMIT payments looked at in
 * a group (newest starts first): the streams found by then are kept.
 */
function chains(dated: readonly Payment[]): { period: Period; payments: Payment[] }[] {
  const days = dated.map((p) => dayNumber(p.date));
  const units = dated.map((p) => unitsOf(p.amount));
  const ascending = [...units].sort((a, b) => a - b);
  const near = (u: number) => upperBound(ascending, u * 1.02) - lowerBound(ascending, u / 1.02);
  const claimed = new Set<number>();
  const found: { period: Period; payments: Payment[] }[] = [];
  let work = WORK_LIMIT;
  for (let s = dated.length - 1; s >= 0; s--) {
    if (claimed.has(s)) continue;
    const crowd = near(units[s]);
    for (const period of PERIODS.filter((p) => p !== "yearly")) {
      const [low, high] = PERIOD_RULES[period].gap;
      const longest = Math.floor((days[s] - days[0]) / low) + 1;
      if (crowd > longest + Math.floor(longest / 4)) continue;
      const nominal = PERIOD_RULES[period].days;
      const chain = [s];
      for (let current = s; ;) {
        const fits: number[] = [];
        // Only the payments one period earlier: a window of the sorted days, not the whole group.
        for (let i = lowerBound(days, days[current] - high); i < dated.length && days[i] <= days[current] - low; i++) {
          if (--work < 0) return found;
          if (
            !claimed.has(i) &&
            unitRatio(units[i], units[current]) <= CHAIN_STEP &&
            unitRatio(units[i], units[s]) <= CHAIN_RANGE
          )
            fits.push(i);
        }
        if (fits.length === 0) break;
        const distance = (i: number) => Math.abs(days[current] - days[i] - nominal);
        fits.sort(
          (a, b) =>
            unitRatio(units[a], units[current]) - unitRatio(units[b], units[current]) || distance(a) - distance(b),
        );
        current = fits[0];
        chain.push(current);
      }
      const payments = chain.map((i) => dated[i]).reverse();
      if (
        chain.length >= Math.max(CHAIN_MINIMUM, PERIOD_RULES[period].minimum) &&
        oneAmount(payments.map((p) => p.amount)) &&
        ownsItsAmount(chain, units, ascending)
      ) {
        for (const i of chain) claimed.add(i);
        found.push({ period, payments });
        break;
      }
    }
  }
  return found;
}

/** Where a stream stands on `today`: ended after two periods missed, late after the expected date plus grace. */
export function statusOn(
  stream: Pick<DetectedStream, "period" | "lastDate" | "nextExpectedDate">,
  today: string,
  changed: boolean,
): StreamStatus {
  const rule = PERIOD_RULES[stream.period];
  const overdue = dayNumber(today) - dayNumber(stream.nextExpectedDate);
  if (overdue > rule.days + rule.grace) return "ended";
  if (overdue > rule.grace) return "late";
  return changed ? "amount_changed" : "active";
}

function summarise(groupKeyText: string, period: Period, payments: readonly Payment[], today: string): DetectedStream {
  const amounts = payments.map((p) => p.amount);
  const changeAt = amountChangeAt(amounts);
  const level = changeAt === null ? amounts.slice(-12) : amounts.slice(changeAt);
  const first = payments[0];
  const last = payments[payments.length - 1];
  const typicalAmount = medianAmount(level);
  const nextExpectedDate = nextDate(period, last.date);
  const changed = changeAt !== null && payments.length - changeAt <= RECENT_CHANGE;
  return {
    // The first amount tells two streams of one group apart and stays put as new payments arrive.
    streamKey: `${groupKeyText}|${absolute(first.amount)}`,
    counterpartId: first.counterpartId,
    label: last.label,
    direction: directionOf(first.amount),
    currency: first.currency,
    period,
    typicalAmount,
    spread: spreadOf(level),
    firstDate: first.date,
    lastDate: last.date,
    lastAmount: absolute(last.amount),
    nextExpectedDate,
    nextExpectedAmount: typicalAmount,
    occurrences: payments.length,
    history: payments.slice(-HISTORY).map((p) => ({ date: p.date, amount: absolute(p.amount), transactionId: p.id })),
    status: statusOn({ period, lastDate: last.date, nextExpectedDate }, today, changed),
    previousAmount: changeAt === null ? null : medianAmount(amounts.slice(0, changeAt)),
  };
}

const byDate = (a: Payment, b: Payment) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1);

/** The streams among one group's payments. */
export function detectGroup(key: string, payments: readonly Payment[], today: string): DetectedStream[] {
  const dated = [...payments].sort(byDate);
  const whole = periodOf(dated);
  const debit = dated.some((p) => p.creditorId || p.mandateId);
  // Regular as a whole: one stream, its amounts free when a mandate or many payments vouch for it.
  if (whole && (debit || dated.length >= LOOSE_MINIMUM || oneAmount(dated.map((p) => p.amount))))
    return [summarise(key, whole, dated, today)];
  const streams = chains(dated).map((c) => summarise(key, c.period, c.payments, today));
  // Two streams of one group starting at the same amount: the later-found one is told apart by its order.
  const seen = new Map<string, number>();
  return streams.map((s) => {
    const n = (seen.get(s.streamKey) ?? 0) + 1;
    seen.set(s.streamKey, n);
    return n === 1 ? s : { ...s, streamKey: `${s.streamKey}#${n}` };
  });
}

/** Every stream among an account's booked payments, by the bank's `today`. */
export function detectStreams(payments: readonly Payment[], today: string): DetectedStream[] {
  const groups = new Map<string, Payment[]>();
  for (const p of payments) {
    const key = groupKey(p);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  return [...groups].flatMap(([key, group]) => detectGroup(key, group, today));
}
