// The day a generator builds transactions for: the account, its date and parts, the day's seeded
// random stream and the parties of the bank's country, with the calendar tests generators share.
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { daysInMonth, parts, type DateOnly } from "@/sandbox/bank/data/dates";
import { rngFor, type Rng } from "@/sandbox/bank/data/hash";
import { COUNTRY_PARTIES, type CountryParties } from "@/sandbox/bank/data/parties";

export type DayContext = {
  account: SandboxAccount;
  date: DateOnly;
  year: number;
  month: number;
  day: number;
  weekday: number;
  rng: Rng;
  parties: CountryParties;
};

export function dayContext(account: SandboxAccount, date: DateOnly): DayContext {
  const { year, month, day, weekday } = parts(date);
  const country = account.bank.countryCode as keyof typeof COUNTRY_PARTIES;
  return {
    account,
    date,
    year,
    month,
    day,
    weekday,
    rng: rngFor(`${account.seed}|${date}`),
    parties: COUNTRY_PARTIES[country] ?? COUNTRY_PARTIES.BE,
  };
}

export const isWeekend = (ctx: DayContext): boolean => ctx.weekday === 0 || ctx.weekday === 6;

/** True when `ctx.date` is the first business day on or after day-of-month `dom` (in that month). */
export function isMonthlyOn(ctx: DayContext, dom: number): boolean {
  const last = daysInMonth(ctx.year, ctx.month);
  let target = Math.min(dom, last);
  const weekdayOf = (d: number) => new Date(Date.UTC(ctx.year, ctx.month - 1, d)).getUTCDay();
  while (target < last && (weekdayOf(target) === 0 || weekdayOf(target) === 6)) target++;
  while (weekdayOf(target) === 0 || weekdayOf(target) === 6) target--;
  return ctx.day === target;
}

export function monthLabel(ctx: DayContext): string {
  return `${ctx.year}-${String(ctx.month).padStart(2, "0")}`;
}
