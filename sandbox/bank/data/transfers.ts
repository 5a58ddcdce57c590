// Credit transfers the generators share: with the PSU's own other account, with a party known only by
// name, with a friend, and the bank's interest. Each draws from the day's random stream in a fixed
// order, so a given seed keeps producing the same history.
import type { DayContext } from "@/sandbox/bank/data/day";
import { amount, ownTransferCents, transferIn, transferOut, type Draft } from "@/sandbox/bank/data/draft";
import { partyIban } from "@/sandbox/bank/data/iban";
import { FIRST_NAMES, LAST_NAMES } from "@/sandbox/bank/data/parties";

export type Direction = "in" | "out";

/** The PSU at their bank: what their own accounts share when computing an own transfer. */
export const userSeed = (ctx: DayContext): string => `${ctx.account.bank.bankId}|${ctx.account.profile.userId}`;

export function transfer(
  ctx: DayContext,
  direction: Direction,
  name: string,
  iban: string,
  cents: number,
  remittance: string,
): Draft {
  return (direction === "in" ? transferIn : transferOut)(ctx, name, iban, cents, remittance);
}

/** Between two of the PSU's own accounts: both sides compute the same amount from `seed` and the day. */
export function ownTransfer(
  ctx: DayContext,
  direction: Direction,
  otherIban: string,
  range: { seed: string; min: number; max: number },
  remittance: string,
): Draft {
  const cents = ownTransferCents(range.seed, ctx.date, range.min, range.max);
  return transfer(ctx, direction, ctx.account.profile.ownerName, otherIban, cents, remittance);
}

/** With a party known by name only; its IBAN (in the bank's country) is derived from `kind|name`. */
export function partyTransfer(
  ctx: DayContext,
  direction: Direction,
  kind: string,
  name: string,
  cents: number,
  remittance: string,
): Draft {
  return transfer(ctx, direction, name, partyIban(ctx.account.bank.countryCode, `${kind}|${name}`), cents, remittance);
}

/** A friend pays or is paid: a random name, then the amount, then (when there is a choice) the text. */
export function friendTransfer(
  ctx: DayContext,
  direction: Direction,
  cents: { min: number; max: number },
  remittance: string | readonly string[],
): Draft {
  const { rng } = ctx;
  const friend = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  const paid = amount(rng, cents.min, cents.max);
  return partyTransfer(
    ctx,
    direction,
    "friend",
    friend,
    paid,
    typeof remittance === "string" ? remittance : rng.pick(remittance),
  );
}

/** Interest credited by the account's own bank. */
export function interest(ctx: DayContext, cents: number, remittance: string): Draft {
  return {
    cents,
    debtorName: ctx.account.bank.name,
    remittance,
    bankTransactionCode: "PMNT-MCRD-OTHR",
    proprietaryBankTransactionCode: "INTEREST",
  };
}
