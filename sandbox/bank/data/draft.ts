// A generated transaction before it is given an id and a status, plus the builders the per-account
// generators share for a day (DayContext, sandbox/bank/data/day.ts). Amounts are integer cents,
// negative for debits.
import type { DateOnly } from "@/sandbox/bank/data/dates";
import type { DayContext } from "@/sandbox/bank/data/day";
import { hashText, rngFor, type Rng } from "@/sandbox/bank/data/hash";
import { creditorIdOf, ibanOf, type Party } from "@/sandbox/bank/data/parties";

export type Draft = {
  cents: number;
  /** While pending, when it differs from the booked amount (the `pending` user). */
  pendingCents?: number;
  /** valueDate = date + valueOffsetDays (card payments settle a day or two after the value date). */
  valueOffsetDays?: number;
  creditorName?: string;
  creditorIban?: string;
  ultimateCreditor?: string;
  debtorName?: string;
  debtorIban?: string;
  ultimateDebtor?: string;
  remittance?: string;
  creditorId?: string;
  mandateId?: string;
  endToEndId?: string;
  bankTransactionCode: string;
  proprietaryBankTransactionCode?: string;
  /** Pending until this date (exclusive) whatever its age: a card pre-authorisation hold (`oldhold`). */
  pendingUntil?: DateOnly;
  /** Listed only while pending: cancelled (`cancelled`) or released (`oldhold`) instead of being booked. */
  dropsWhenBooked?: boolean;
  /** The bank's transactionId runs to this many characters (`oddities`: an id of several kB). */
  idLength?: number;
};

export function amount(rng: Rng, minCents: number, maxCents: number): number {
  return rng.int(minCents, maxCents);
}

export function card(ctx: DayContext, merchant: string, cents: number): Draft {
  const dd = String(ctx.day).padStart(2, "0");
  const mm = String(ctx.month).padStart(2, "0");
  return {
    cents: -Math.abs(cents),
    valueOffsetDays: ctx.rng.chance(0.3) ? -1 : 0,
    creditorName: merchant,
    remittance: `Card payment ${dd}/${mm} ${String(ctx.rng.int(7, 21)).padStart(2, "0")}:${String(ctx.rng.int(0, 59)).padStart(2, "0")} card ****${ctx.account.cardLast4}`,
    bankTransactionCode: "PMNT-CCRD-POSD",
    proprietaryBankTransactionCode: "CARD",
  };
}

export function directDebit(ctx: DayContext, party: Party, cents: number, remittance: string): Draft {
  return {
    cents: -Math.abs(cents),
    creditorName: party.name,
    creditorIban: ibanOf(party),
    creditorId: creditorIdOf(party),
    mandateId: `MD-${hashText(`${ctx.account.seed}|${party.name}|mandate`, 12)}`,
    endToEndId: `E2E${hashText(`${ctx.account.seed}|${ctx.date}|${party.name}`, 16)}`,
    remittance,
    bankTransactionCode: "PMNT-RDDT-ESDD",
    proprietaryBankTransactionCode: "SDD",
  };
}

export function transferOut(ctx: DayContext, name: string, iban: string, cents: number, remittance: string): Draft {
  return {
    cents: -Math.abs(cents),
    creditorName: name,
    creditorIban: iban,
    remittance,
    endToEndId: `E2E${hashText(`${ctx.account.seed}|${ctx.date}|${name}|${cents}`, 16)}`,
    bankTransactionCode: "PMNT-ICDT-ESCT",
    proprietaryBankTransactionCode: "SCT",
  };
}

export function transferIn(ctx: DayContext, name: string, iban: string, cents: number, remittance: string): Draft {
  return {
    cents: Math.abs(cents),
    debtorName: name,
    debtorIban: iban,
    remittance,
    endToEndId: `E2E${hashText(`${ctx.account.seed}|${ctx.date}|${name}|${cents}|in`, 16)}`,
    bankTransactionCode: "PMNT-RCDT-ESCT",
    proprietaryBankTransactionCode: "SCT",
  };
}

/** An online purchase paid to a processor (creditorName) on behalf of the shop (ultimateCreditor). */
export function viaProcessor(
  ctx: DayContext,
  processor: Party,
  shop: string,
  cents: number,
  processorIban?: string,
): Draft {
  const order = hashText(`${ctx.account.seed}|${ctx.date}|${shop}`, 10);
  return {
    cents: -Math.abs(cents),
    creditorName: processor.name,
    creditorIban: processorIban ?? ibanOf(processor),
    ultimateCreditor: shop,
    remittance: `${order} ${shop} order ${order.slice(0, 6)}`,
    endToEndId: `E2E${order}`,
    bankTransactionCode: "PMNT-ICDT-ESCT",
    proprietaryBankTransactionCode: "ONLINE",
  };
}

/** The amount moved between two of the PSU's own accounts on a day; both accounts compute the same. */
export function ownTransferCents(userSeed: string, date: DateOnly, minCents: number, maxCents: number): number {
  return rngFor(`${userSeed}|own-transfer|${date}`).int(minCents / 100, maxCents / 100) * 100;
}
