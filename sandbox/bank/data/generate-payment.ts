// carol.payment's e-money card account: weekly top-ups from her bank account, many small card
// payments, subscriptions through processors and the odd payment to a friend.
import { isMonthlyOn, type DayContext } from "@/sandbox/bank/data/day";
import { amount, card, transferIn, viaProcessor, type Draft } from "@/sandbox/bank/data/draft";
import { partyIban } from "@/sandbox/bank/data/iban";
import { PROCESSORS } from "@/sandbox/bank/data/parties";
import { friendTransfer } from "@/sandbox/bank/data/transfers";

export function paymentDay(ctx: DayContext): Draft[] {
  const { rng, parties } = ctx;
  const out: Draft[] = [];
  const owner = ctx.account.profile.ownerName;
  if (ctx.weekday === 1) {
    out.push({
      ...transferIn(
        ctx,
        owner,
        partyIban(ctx.account.bank.countryCode, `own-bank|${ctx.account.seed}`),
        25_000 + rng.int(0, 10) * 1_000,
        "Top-up",
      ),
      bankTransactionCode: "PMNT-RCDT-ESCT",
    });
  }
  if (isMonthlyOn(ctx, 3)) out.push(viaProcessor(ctx, PROCESSORS.stripe, "Netflix International B.V.", 1_399));
  if (isMonthlyOn(ctx, 9)) out.push(viaProcessor(ctx, PROCESSORS.adyen, "Uber B.V.", amount(rng, 900, 3_500)));
  const count = rng.int(0, 4);
  for (let i = 0; i < count; i++) {
    const merchant = rng.pick([
      ...parties.cafes,
      ...parties.groceries,
      "UBER *TRIP",
      "BOLT.EU",
      parties.rail.name.toUpperCase(),
    ]);
    out.push(card(ctx, merchant, amount(rng, 180, 3_200)));
  }
  if (rng.chance(0.04)) out.push(friendTransfer(ctx, "out", { min: 500, max: 4_000 }, "Split bill"));
  return out;
}
