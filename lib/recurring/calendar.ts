// The calendar of recurring payments: bank dates as day numbers, the five periods with the gaps
// between two payments each accepts, and the next date a period leads to. Dates are YYYY-MM-DD bank
// days, never instants; everything is UTC day arithmetic so no time zone can move a payment.
import { addDays } from "@/lib/dates/days";

export const PERIODS = ["weekly", "biweekly", "monthly", "quarterly", "yearly"] as const;
export type Period = (typeof PERIODS)[number];

type PeriodRule = {
  /** The gap in days between two payments that counts as one period (weekends and month ends moved). */
  gap: readonly [number, number];
  /** How many payments make a stream. */
  minimum: number;
  /** Days past the expected date before the payment counts as late. */
  grace: number;
  /** A nominal length, for "two periods missed". */
  days: number;
  months: number;
};

export const PERIOD_RULES: Record<Period, PeriodRule> = {
  weekly: { gap: [6, 8], minimum: 5, grace: 2, days: 7, months: 0 },
  biweekly: { gap: [12, 16], minimum: 4, grace: 3, days: 14, months: 0 },
  // The 31st paid on the 28th/30th, the 1st moved to the 3rd after a weekend, the last working day.
  monthly: { gap: [25, 36], minimum: 3, grace: 4, days: 31, months: 1 },
  quarterly: { gap: [84, 98], minimum: 3, grace: 7, days: 92, months: 3 },
  yearly: { gap: [355, 375], minimum: 2, grace: 14, days: 366, months: 12 },
};

const DAY_MS = 86_400_000;

export const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** Whether `days` between two payments fits `period`. */
export function fitsGap(period: Period, days: number): boolean {
  const [low, high] = PERIOD_RULES[period].gap;
  return days >= low && days <= high;
}

/** `date` plus whole months, on the same day of the month or the month's last day when shorter. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The date one period after `date`. */
export function nextDate(period: Period, date: string): string {
  const rule = PERIOD_RULES[period];
  return rule.months ? addMonths(date, rule.months) : addDays(date, rule.days);
}
