// Which stored balances are end-of-day BOOKED balances — the anchors the daily series and the
// reconciliation stand on — and which one a day uses when it has several. Pure: no database, no I/O.
//
// Rules (the lead can lift them into the docs as they are):
// - closingBooked at D is the balance at the end of D; openingBooked at D is the balance at the end
//   of D−1 (the opening of a day is the close of the day before).
// - interimBooked is NOT an anchor: it is a figure taken during a day still open (a sync's read, an
//   intraday statement), and an entry pending at the read may still book under that day's date
//   (the sandbox bank books every entry pendingDays after its date, under its own date). Standing on
//   it made the next window fail with nothing missing; it is kept in the history and shown.
// - Every other type is not an anchor: interimAvailable, closingAvailable, openingAvailable,
//   forwardAvailable, expected, authorised, nonInvoiced, information, and any name we do not know.
//   An available balance adds credit lines and subtracts card holds, an expected or forward one
//   adds entries not yet booked: none of them equals "the last balance + the booked transactions",
//   even when it happens to on a given day, so the figure is kept in the history and never anchors.
//   closingAvailable in particular is NOT taken as closingBooked: the bank sends both when they
//   differ, and when it sends only the available one we cannot know whether it does.
//   previouslyClosedBooked (Berlin Group) is left out too: banks date it either at the earlier
//   period's end or at the read, and an anchor at the wrong day produces false findings. A file's
//   camt PRCD is already mapped to closingBooked at its own date by lib/statements.
// - Several anchors for one day and currency: closingBooked over openingBooked (of the next day);
//   among the same type the newest observedAt; then the larger id (ids are uuid v7, so the later
//   written: a file's later page over its earlier one). Bank and file rank alike: a day is not
//   better known from one than from the other.
// - Anchors are FINAL figures for the end of their day: they must agree. Each distinct figure of a
//   day that differs from the chosen anchor is reported as an AnchorDisagreement (reconcile turns
//   it into a zero-length window), never dropped.
// - Person-typed figures (a paper statement) are Anchors with source "person", built by the caller;
//   reconcile compares them with the same day's anchors.

import { isCalendarDate } from "@/lib/dates/iso-date";
import { addDays } from "@/lib/dates/days";
import { compareDecimals, decimalSubtract } from "@/lib/money/decimal";

/** One row of account_balances as the lead's reads produce it. */
export type StoredBalance = {
  id: string;
  amount: string;
  currency: string;
  /** The Berlin Group name (closingBooked, interimAvailable, …); a file's codes mapped to these. */
  balanceType: string;
  /** YYYY-MM-DD, a bank date. */
  referenceDate: string;
  source: "bank" | "file";
  /** ISO instant of the read; only for ordering reads of the same type. */
  observedAt: string;
};

export type AnchorSource = "bank" | "file" | "person";

/** A booked balance at the END of `date`. */
export type Anchor = {
  date: string;
  amount: string;
  currency: string;
  source: AnchorSource;
  balanceType: string;
  /** The account_balances row it came from; absent for a person's figure. */
  balanceId?: string;
};

/** Two final figures for the end of the same day that differ. */
export type AnchorDisagreement = {
  date: string;
  currency: string;
  /** The figure the day uses (the series shows it, reconciliation starts and ends on it). */
  chosen: Anchor;
  /** The differing figure, the most preferred one holding that amount. */
  other: Anchor;
  /** other.amount − chosen.amount, exactly. */
  difference: string;
};

/** End-of-day booked types, most preferred first. */
export const ANCHOR_TYPES = ["closingBooked", "openingBooked"] as const;
export type AnchorType = (typeof ANCHOR_TYPES)[number];

export function isAnchorType(balanceType: string): balanceType is AnchorType {
  return (ANCHOR_TYPES as readonly string[]).includes(balanceType);
}

/** The day whose END a stored balance gives, or null when it is not an end-of-day booked balance. */
export function anchorDateOf(balance: Pick<StoredBalance, "balanceType" | "referenceDate">): string | null {
  if (!isAnchorType(balance.balanceType)) return null;
  if (!isCalendarDate(balance.referenceDate)) {
    throw new RangeError(`balance reference date is not a calendar day: ${JSON.stringify(balance.referenceDate)}`);
  }
  return balance.balanceType === "openingBooked" ? addDays(balance.referenceDate, -1) : balance.referenceDate;
}

type Candidate = { balance: StoredBalance; anchor: Anchor; observedMs: number; rank: number };

/** Negative when `a` is preferred over `b`. */
function preference(a: Candidate, b: Candidate): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.observedMs !== b.observedMs) return b.observedMs - a.observedMs;
  return a.balance.id < b.balance.id ? 1 : a.balance.id > b.balance.id ? -1 : 0;
}

function candidateOf(balance: StoredBalance): Candidate | null {
  const date = anchorDateOf(balance);
  if (date === null) return null;
  const observedMs = Date.parse(balance.observedAt);
  if (Number.isNaN(observedMs)) throw new RangeError(`balance observedAt is not an instant: ${balance.observedAt}`);
  return {
    balance,
    observedMs,
    rank: ANCHOR_TYPES.indexOf(balance.balanceType as AnchorType),
    anchor: {
      date,
      amount: balance.amount,
      currency: balance.currency,
      source: balance.source,
      balanceType: balance.balanceType,
      balanceId: balance.id,
    },
  };
}

/**
 * The anchors of an account (one per day and currency, sorted by currency then date) and the
 * disagreements between final figures of the same day. Balances that are not end-of-day booked
 * ones are skipped here (the history still shows them).
 */
export function chooseAnchors(balances: readonly StoredBalance[]): {
  anchors: Anchor[];
  disagreements: AnchorDisagreement[];
} {
  const byDay = new Map<string, Candidate[]>();
  for (const balance of balances) {
    const candidate = candidateOf(balance);
    if (!candidate) continue;
    const key = `${candidate.anchor.currency} ${candidate.anchor.date}`;
    const group = byDay.get(key);
    if (group) group.push(candidate);
    else byDay.set(key, [candidate]);
  }

  const anchors: Anchor[] = [];
  const disagreements: AnchorDisagreement[] = [];
  for (const key of [...byDay.keys()].sort()) {
    const group = byDay.get(key)!.sort(preference);
    const chosen = group[0].anchor;
    anchors.push(chosen);
    // Group is in preference order, so the first holder of each differing amount is the one shown.
    const reported: string[] = [chosen.amount];
    for (const { anchor } of group) {
      if (reported.some((amount) => compareDecimals(amount, anchor.amount) === 0)) continue;
      reported.push(anchor.amount);
      disagreements.push({
        date: chosen.date,
        currency: chosen.currency,
        chosen,
        other: anchor,
        difference: decimalSubtract(anchor.amount, chosen.amount),
      });
    }
  }
  return { anchors, disagreements };
}

/** One currency's anchors in date order; two for one day is a caller's mistake (chooseAnchors first). */
export function anchorsIn(anchors: readonly Anchor[], currency: string): Anchor[] {
  const own = anchors
    .filter((anchor) => anchor.currency === currency)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const [i, anchor] of own.entries()) {
    if (!isCalendarDate(anchor.date)) throw new RangeError(`anchor date is not a calendar day: ${anchor.date}`);
    if (i > 0 && own[i - 1].date === anchor.date) {
      throw new Error(`two anchors for ${currency} on ${anchor.date}: choose one per day (chooseAnchors)`);
    }
  }
  return own;
}
