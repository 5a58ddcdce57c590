// bulk-N: exactly N booked transactions spread evenly over the 1,095 days that end 3 days before the
// real date. Transaction k is a pure function of k, so a page is generated in O(page size).
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { addDays, dayNumber, fromDayNumber, type DateOnly } from "@/sandbox/bank/data/dates";
import { rngFor } from "@/sandbox/bank/data/hash";
import { ONLINE_SHOPS } from "@/sandbox/bank/data/parties";
import { partyIban } from "@/sandbox/bank/data/iban";
import type { Draft } from "@/sandbox/bank/data/draft";

const BULK_SPAN_DAYS = 1095;

function bulkStart(baseToday: DateOnly): DateOnly {
  return addDays(baseToday, -(BULK_SPAN_DAYS + 2));
}

function countOf(account: SandboxAccount): number {
  return account.profile.bulkCount ?? 0;
}

export function bulkDate(account: SandboxAccount, baseToday: DateOnly, k: number): DateOnly {
  const n = countOf(account);
  return fromDayNumber(dayNumber(bulkStart(baseToday)) + Math.floor((k * BULK_SPAN_DAYS) / n));
}

/** The first k whose date is on or after `date` (N when none). */
function firstIndexOnOrAfter(account: SandboxAccount, baseToday: DateOnly, date: DateOnly): number {
  const n = countOf(account);
  const offset = dayNumber(date) - dayNumber(bulkStart(baseToday));
  if (offset <= 0) return 0;
  if (offset >= BULK_SPAN_DAYS) return n;
  return Math.min(n, Math.ceil((offset * n) / BULK_SPAN_DAYS));
}

/** Indexes [from, to) of the transactions dated within [dateFrom, dateTo]. */
export function bulkIndexRange(
  account: SandboxAccount,
  baseToday: DateOnly,
  dateFrom: DateOnly,
  dateTo: DateOnly,
): [number, number] {
  const from = firstIndexOnOrAfter(account, baseToday, dateFrom);
  const to = firstIndexOnOrAfter(account, baseToday, addDays(dateTo, 1));
  return [from, Math.max(from, to)];
}

export function bulkDraft(account: SandboxAccount, k: number): Draft {
  const rng = rngFor(`${account.seed}|bulk|${k}`);
  const roll = rng.next();
  const shop = rng.pick(ONLINE_SHOPS);
  if (roll < 0.06) {
    return {
      cents: rng.int(60_000, 120_000),
      debtorName: "Bulk Payroll Services BV",
      debtorIban: partyIban(account.bank.countryCode, "bulk-employer"),
      remittance: `Payment ${k}`,
      bankTransactionCode: "PMNT-RCDT-ESCT",
      proprietaryBankTransactionCode: "SCT",
    };
  }
  if (roll < 0.2) {
    return {
      cents: -rng.int(shop.min, shop.max),
      creditorName: shop.processor.name,
      creditorIban: partyIban(shop.processor.country, `party|${shop.processor.name}|0`),
      ultimateCreditor: shop.shop,
      remittance: `Order ${k} ${shop.shop}`,
      bankTransactionCode: "PMNT-ICDT-ESCT",
      proprietaryBankTransactionCode: "ONLINE",
    };
  }
  return {
    cents: -rng.int(300, 9_000),
    creditorName: rng.pick(["SUPERMARKT 0101", "BAKERY 22", "CAFE CENTRAL", "PHARMACY 7", "BOOKSHOP 12"]),
    remittance: `Card payment ${k}`,
    bankTransactionCode: "PMNT-CCRD-POSD",
    proprietaryBankTransactionCode: "CARD",
  };
}

/** Just the amount of transaction k (what bulkDraft(k).cents is), for O(N) totals without objects. */
export function bulkCents(account: SandboxAccount, k: number): number {
  const rng = rngFor(`${account.seed}|bulk|${k}`);
  const roll = rng.next();
  const shop = rng.pick(ONLINE_SHOPS);
  if (roll < 0.06) return rng.int(60_000, 120_000);
  if (roll < 0.2) return -rng.int(shop.min, shop.max);
  return -rng.int(300, 9_000);
}

export function bulkTransactionId(date: DateOnly, k: number): string {
  return `B${date.replaceAll("-", "")}-${String(k).padStart(7, "0")}`;
}
