// One rule for every date read from a request: YYYY-MM-DD that names a real calendar day. A regex
// alone (or Date.parse, which rolls 2026-02-30 over to 2 March) lets impossible dates through.
import { z } from "zod";

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD string that is a day of the proleptic Gregorian calendar. */
export function isCalendarDate(value: string): boolean {
  const m = SHAPE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no time zone can shift it).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export const isoDate = z
  .string()
  .regex(SHAPE, "Use the format YYYY-MM-DD")
  .refine(isCalendarDate, { message: "Not a calendar date (check the month's last day and leap years)", abort: true });
