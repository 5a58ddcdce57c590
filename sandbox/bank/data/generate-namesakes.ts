// The `namesakes` user: the same few parties under several spellings, IBANs and intermediaries, so
// counterpart matching has something to solve.
import { isMonthlyOn, monthLabel, type DayContext } from "@/sandbox/bank/data/day";
import { amount, card, directDebit, transferIn, viaProcessor, type Draft } from "@/sandbox/bank/data/draft";
import { NAMESAKES, PROCESSORS, namesakeCreditorId, namesakeIban, type Namesake } from "@/sandbox/bank/data/parties";

function spelling(ctx: DayContext, n: Namesake): string {
  return ctx.rng.pick(n.spellings);
}

function debit(ctx: DayContext, n: Namesake, cents: number, remittance: string): Draft {
  const variant = ctx.rng.int(0, n.ibanVariants - 1);
  return {
    ...directDebit(ctx, { name: spelling(ctx, n), country: n.country }, cents, remittance),
    creditorIban: namesakeIban(n, variant),
    creditorId: namesakeCreditorId(n),
  };
}

export function namesakeDay(ctx: DayContext): Draft[] {
  const { rng } = ctx;
  const out: Draft[] = [];
  if (isMonthlyOn(ctx, 25)) {
    const n = NAMESAKES.employer;
    out.push({
      ...transferIn(ctx, spelling(ctx, n), namesakeIban(n, ctx.month % 2), 294_000, `Salaris ${monthLabel(ctx)}`),
      bankTransactionCode: "PMNT-RCDT-SALA",
    });
  }
  if (isMonthlyOn(ctx, 14))
    out.push(debit(ctx, NAMESAKES.vattenfall, 9_200 + rng.int(0, 1_500), `Termijnbedrag ${monthLabel(ctx)}`));
  if (isMonthlyOn(ctx, 20)) out.push(debit(ctx, NAMESAKES.kpn, 4_450, `KPN abonnement ${monthLabel(ctx)}`));
  if (isMonthlyOn(ctx, 8)) {
    // Spotify: sometimes through Stripe, sometimes through PayPal, under varying shop names.
    const processor = ctx.month % 3 === 0 ? PROCESSORS.paypal : PROCESSORS.stripe;
    out.push(viaProcessor(ctx, processor, spelling(ctx, NAMESAKES.spotify), 1_199));
  }
  if (rng.chance(0.55)) {
    // Albert Heijn: card payments at branches and AH to go, or a delivery order paid by transfer.
    const ah = NAMESAKES.albertHeijn;
    if (rng.chance(0.85)) out.push(card(ctx, spelling(ctx, ah), amount(rng, 250, 9_500)));
    else
      out.push({
        ...viaProcessor(
          ctx,
          { name: spelling(ctx, ah), country: "NL" },
          "Albert Heijn online",
          amount(rng, 4_000, 14_000),
          namesakeIban(ah, rng.int(0, 1)),
        ),
        ultimateCreditor: undefined,
      });
  }
  if (rng.chance(0.12)) {
    const bol = NAMESAKES.bol;
    const processor = rng.chance(0.5) ? PROCESSORS.adyen : { name: "ADYEN BV", country: "NL" as const };
    out.push(
      viaProcessor(
        ctx,
        processor,
        spelling(ctx, bol),
        amount(rng, 999, 8_999),
        namesakeIban({ ...bol, key: "adyen", ibanVariants: 2 }, rng.int(0, 1)),
      ),
    );
  }
  return out;
}
