// The `recurring` user's current account: streams whose truth is known (recurring-truth.ts), on the
// calendar's awkward days, among noise from the same counterparts. Salary on the last working day,
// rent on the 1st moved off weekends, two subscriptions of one streaming service at two amounts, a
// gym whose direct debit rises once (45 days before the real date), a newspaper that stops (100 days
// before), a bakery every Saturday, a sitter every other Friday, a water board each quarter, and a
// weekly meal box whose last delivery was charged 10 to 16 days before the real date: late by then.
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { addDays, dayNumber, daysInMonth, type DateOnly } from "@/sandbox/bank/data/dates";
import { dayContext, isMonthlyOn, monthLabel, type DayContext } from "@/sandbox/bank/data/day";
import { amount, card, directDebit, transferIn, transferOut, type Draft } from "@/sandbox/bank/data/draft";
import { rngFor } from "@/sandbox/bank/data/hash";
import { partyIban } from "@/sandbox/bank/data/iban";
import type { Party } from "@/sandbox/bank/data/parties";

/** The parties of the scenario; recurring-truth.ts names its streams by them. */
export const RECURRING_PARTIES = {
  employer: "Hollow Oak Studios BV",
  landlord: "Kade Wonen BV",
  streaming: "STREAMFLIX",
  gym: "Fitstudio Noord",
  newspaper: "Daily Paper Media",
  bakery: "BAKKERIJ DE KORENAAR",
  sitter: "Lotte de Vries",
  waterBoard: "Waterschap Rivierenland",
  mealBox: "Maaltijdbox Verse Week",
} as const;

/**
 * Days before the real date: the gym's new amount from then on; the newspaper's last debit before
 * then; the meal box's last Tuesday charge before then. A weekly stream is late 3 to 9 days after
 * its expected date (grace 2 days, ended after a period more): its last charge 10 to 16 days ago
 * puts the expected one 3 to 9 days ago, whatever the weekday of the real date.
 */
export const GYM_CHANGE_DAYS = 45;
export const NEWSPAPER_STOP_DAYS = 100;
export const MEAL_BOX_STOP_DAYS = 10;

const party = (ctx: DayContext, name: string): Party => ({ name, country: ctx.account.bank.countryCode });
const ibanFor = (ctx: DayContext, name: string) => partyIban(ctx.account.bank.countryCode, `recurring|${name}`);

function isLastWorkingDay(ctx: DayContext): boolean {
  let last = daysInMonth(ctx.year, ctx.month);
  const weekdayOf = (d: number) => new Date(Date.UTC(ctx.year, ctx.month - 1, d)).getUTCDay();
  while (weekdayOf(last) === 0 || weekdayOf(last) === 6) last--;
  return ctx.day === last;
}

/** The streams, on their days. */
function streams(ctx: DayContext, baseToday: DateOnly): Draft[] {
  const P = RECURRING_PARTIES;
  const out: Draft[] = [];
  if (isLastWorkingDay(ctx))
    out.push({
      ...transferIn(ctx, P.employer, ibanFor(ctx, P.employer), 285_000, `Salary ${monthLabel(ctx)}`),
      bankTransactionCode: "PMNT-RCDT-SALA",
    });
  if (isMonthlyOn(ctx, 1))
    out.push(transferOut(ctx, P.landlord, ibanFor(ctx, P.landlord), 95_000, `Rent ${monthLabel(ctx)}`));
  if (isMonthlyOn(ctx, 8)) out.push(card(ctx, P.streaming, 999));
  if (isMonthlyOn(ctx, 21)) out.push(card(ctx, P.streaming, 1_799));
  if (isMonthlyOn(ctx, 5)) {
    const raised = ctx.date >= addDays(baseToday, -GYM_CHANGE_DAYS);
    out.push(directDebit(ctx, party(ctx, P.gym), raised ? 3_490 : 2_990, `Membership ${monthLabel(ctx)}`));
  }
  if (isMonthlyOn(ctx, 15) && ctx.date < addDays(baseToday, -NEWSPAPER_STOP_DAYS))
    out.push(directDebit(ctx, party(ctx, P.newspaper), 1_450, `Subscription ${monthLabel(ctx)}`));
  if (ctx.weekday === 6) out.push(card(ctx, P.bakery, amount(ctx.rng, 640, 690)));
  if (ctx.weekday === 2 && ctx.date < addDays(baseToday, -MEAL_BOX_STOP_DAYS + 1))
    out.push(card(ctx, P.mealBox, 3_990));
  // Every other Friday, counted from a fixed Friday so the fortnight never drifts.
  if (ctx.weekday === 5 && (dayNumber(ctx.date) - dayNumber("2024-01-05")) % 14 === 0)
    out.push(transferOut(ctx, P.sitter, ibanFor(ctx, P.sitter), 6_000, "Babysitting"));
  if ([1, 4, 7, 10].includes(ctx.month) && isMonthlyOn(ctx, 10))
    out.push(directDebit(ctx, party(ctx, P.waterBoard), 8_735, `Water board tax Q${Math.ceil(ctx.month / 3)}`));
  return out;
}

/** Noise: the same counterparts off their schedule, and everyday spending. */
function noise(ctx: DayContext): Draft[] {
  const P = RECURRING_PARTIES;
  const rng = rngFor(`${ctx.account.seed}|${ctx.date}|recurring-noise`);
  const out: Draft[] = [];
  if (rng.chance(0.03)) out.push(card(ctx, P.streaming, 399));
  if (rng.chance(0.04)) out.push(card(ctx, P.bakery, amount(rng, 250, 2_500)));
  if (rng.chance(0.02))
    out.push(transferIn(ctx, P.employer, ibanFor(ctx, P.employer), amount(rng, 2_000, 30_000), "Expense claim"));
  if (ctx.month === 3 && ctx.day === 17)
    out.push(transferOut(ctx, P.landlord, ibanFor(ctx, P.landlord), 21_240, "Service costs settlement"));
  if (rng.chance(0.45)) out.push(card(ctx, rng.pick(ctx.parties.groceries), amount(rng, 450, 12_000)));
  if (rng.chance(0.2)) out.push(card(ctx, rng.pick(ctx.parties.cafes), amount(rng, 280, 4_500)));
  return out;
}

export function recurringDay(account: SandboxAccount, date: DateOnly, baseToday: DateOnly): Draft[] {
  const ctx = dayContext(account, date);
  return [...streams(ctx, baseToday), ...noise(ctx)];
}
