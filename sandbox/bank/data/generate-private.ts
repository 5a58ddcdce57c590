// A private person's day: salary, rent and other direct debits on fixed days of the month, and
// everyday card, online and rail payments drawn from the day's seeded random stream.
import { isMonthlyOn, isWeekend, monthLabel, type DayContext } from "@/sandbox/bank/data/day";
import { amount, card, directDebit, transferIn, viaProcessor, type Draft } from "@/sandbox/bank/data/draft";
import { hashText } from "@/sandbox/bank/data/hash";
import { ONLINE_SHOPS, ibanOf, type Party } from "@/sandbox/bank/data/parties";
import { friendTransfer, interest, ownTransfer, userSeed } from "@/sandbox/bank/data/transfers";
import { namesakeDay } from "@/sandbox/bank/data/generate-namesakes";

const SAVINGS_DAY = 26;

const savingsRange = (ctx: DayContext) => ({ seed: userSeed(ctx), min: 20_000, max: 40_000 });

export function privateCurrentDay(ctx: DayContext): Draft[] {
  if (ctx.account.profile.flavour === "namesakes") return namesakeDay(ctx);
  // The `recurring` user's days are all its scenario's (generate-recurring.ts, by way of scenarioDay).
  if (ctx.account.profile.flavour === "recurring") return [];
  const { rng, parties } = ctx;
  const out: Draft[] = [];
  const employer: Party = parties.employer;
  if (isMonthlyOn(ctx, 25)) {
    out.push({
      ...transferIn(
        ctx,
        employer.name,
        ibanOf(employer),
        318_540 + rng.int(0, 4) * 1_250,
        `Salary ${monthLabel(ctx)} employee 0042`,
      ),
      bankTransactionCode: "PMNT-RCDT-SALA",
    });
  }
  if (isMonthlyOn(ctx, 1)) out.push(directDebit(ctx, parties.landlord, 115_000, `Rent ${monthLabel(ctx)}`));
  if (isMonthlyOn(ctx, 5))
    out.push(directDebit(ctx, parties.insurer, 4_870, `Home and liability insurance ${monthLabel(ctx)}`));
  if (isMonthlyOn(ctx, 12))
    out.push(directDebit(ctx, parties.energy, 8_400 + rng.int(0, 2_400), `Energy advance ${monthLabel(ctx)}`));
  if (isMonthlyOn(ctx, 18))
    out.push(directDebit(ctx, parties.telecom, 3_999, `Mobile and internet ${monthLabel(ctx)}`));
  const savings = ctx.account.siblingIbans["private-savings"];
  if (savings && isMonthlyOn(ctx, SAVINGS_DAY))
    out.push(ownTransfer(ctx, "out", savings, savingsRange(ctx), "Monthly savings"));

  const weekend = isWeekend(ctx);
  if (rng.chance(ctx.weekday === 6 ? 0.6 : ctx.weekday === 0 ? 0.1 : 0.45)) {
    out.push(card(ctx, rng.pick(parties.groceries), amount(rng, 450, 12_000)));
  }
  if (rng.chance(0.25)) out.push(card(ctx, rng.pick(parties.cafes), amount(rng, 280, 4_500)));
  if (rng.chance(0.1)) {
    const shop = rng.pick(ONLINE_SHOPS);
    out.push(viaProcessor(ctx, shop.processor, shop.shop, amount(rng, shop.min, shop.max)));
  }
  if (!weekend && rng.chance(0.08)) {
    out.push({
      ...card(ctx, parties.rail.name.toUpperCase(), amount(rng, 260, 6_400)),
      ultimateCreditor: parties.rail.name,
    });
  }
  if (rng.chance(0.04)) out.push(card(ctx, parties.fuel, amount(rng, 3_500, 8_500)));
  if (rng.chance(0.03)) out.push(card(ctx, parties.pharmacy, amount(rng, 390, 3_800)));
  if (rng.chance(0.03))
    out.push(
      friendTransfer(ctx, "in", { min: 1_000, max: 6_000 }, ["Dinner", "Concert tickets", "Thanks!", "Weekend share"]),
    );
  if (rng.chance(0.03))
    out.push(friendTransfer(ctx, "out", { min: 1_000, max: 8_000 }, ["Birthday gift", "Holiday house", "Tickets"]));
  if (rng.chance(0.04)) {
    out.push({
      cents: -rng.int(2, 15) * 1_000,
      remittance: `ATM withdrawal ${parties.city} card ****${ctx.account.cardLast4}`,
      bankTransactionCode: "PMNT-CCRD-CWDL",
      proprietaryBankTransactionCode: "ATM",
    });
  }
  return out;
}

export function privateSavingsDay(ctx: DayContext): Draft[] {
  const out: Draft[] = [];
  const current = ctx.account.siblingIbans["private-current"];
  if (current && isMonthlyOn(ctx, SAVINGS_DAY))
    out.push(ownTransfer(ctx, "in", current, savingsRange(ctx), "Monthly savings"));
  const quarterEnd = [3, 6, 9, 12].includes(ctx.month) && isMonthlyOn(ctx, 31);
  if (quarterEnd) {
    out.push({
      ...interest(ctx, 1_200 + ctx.rng.int(0, 2_500), `Interest Q${Math.ceil(ctx.month / 3)} ${ctx.year}`),
      endToEndId: `INT${hashText(`${ctx.account.seed}|${ctx.date}`, 12)}`,
    });
  }
  return out;
}
