// Date-only arithmetic on "YYYY-MM-DD" strings via UTC day numbers (days since 1970-01-01).
// The sandbox never deals in local time: a bank day is a calendar date.
import { isCalendarDate } from "@/lib/dates/iso-date";

const DAY_MS = 86_400_000;

export type DateOnly = string;

export function dayNumber(date: DateOnly): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDayNumber(day: number): DateOnly {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: DateOnly, days: number): DateOnly {
  return fromDayNumber(dayNumber(date) + days);
}

/** The same calendar check our API applies to every date it reads (2026-02-30 is not a date). */
export function isDateOnly(value: string): boolean {
  return isCalendarDate(value);
}

/** The UTC calendar date of an instant. */
export function dateOf(ms: number): DateOnly {
  return fromDayNumber(Math.floor(ms / DAY_MS));
}

export function parts(date: DateOnly): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(`${date}T00:00:00Z`);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const MS_PER_DAY = DAY_MS;
