// Extra entries for the sandbox users that exercise one sync edge each (docs/banks.md):
// `noids` (identical card payments on one day, sent without ids), `oldhold` (a deposit hold that
// stays pending for 60 days, far older than an incremental window) and `cancelled` (a pending payment
// cancelled by the bank, made again two days later with the same amount to the same party) and
// `oddities` (fields padded with NUL characters, transaction ids of several kB), and `recurring`
// (every entry: streams with a known truth among noise, generate-recurring.ts).
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { addDays, parts, type DateOnly } from "@/sandbox/bank/data/dates";
import type { Draft } from "@/sandbox/bank/data/draft";
import { hashText, rngFor } from "@/sandbox/bank/data/hash";
import { partyIban } from "@/sandbox/bank/data/iban";
import { recurringDay } from "@/sandbox/bank/data/generate-recurring";

/** The hold's date, relative to the real date so moving the sandbox clock ages it. */
const HOLD_AGE_DAYS = 40;
/** The hold stays pending this many days after its date, then the bank releases it (no longer listed). */
const HOLD_PENDING_DAYS = 60;
/** `cancelled`: the payment is made again this many days after the cancelled attempt. */
const REMAKE_AFTER_DAYS = 2;

function coffees(account: SandboxAccount, date: DateOnly): Draft[] {
  const { day, month } = parts(date);
  const cents = rngFor(`${account.seed}|${date}|coffee`).int(250, 480);
  // No time of day in the text: the two (on every fifth day three) entries are identical in every field.
  const coffee: Draft = {
    cents: -cents,
    creditorName: "CAFE DE LA GARE",
    remittance: `Card payment ${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")} card ****${account.cardLast4}`,
    bankTransactionCode: "PMNT-CCRD-POSD",
    proprietaryBankTransactionCode: "CARD",
  };
  return day % 5 === 0 ? [coffee, coffee, coffee] : [coffee, coffee];
}

function hold(account: SandboxAccount, date: DateOnly, baseToday: DateOnly): Draft[] {
  if (date !== addDays(baseToday, -HOLD_AGE_DAYS)) return [];
  return [
    {
      cents: -30_000,
      creditorName: "RENTACAR DEPOSIT",
      remittance: `Pre-authorisation deposit card ****${account.cardLast4}`,
      bankTransactionCode: "PMNT-CCRD-POSD",
      proprietaryBankTransactionCode: "CARD-PREAUTH",
      pendingUntil: addDays(date, HOLD_PENDING_DAYS),
      dropsWhenBooked: true,
    },
  ];
}

function garagePayment(account: SandboxAccount, attemptDate: DateOnly, today: DateOnly, remake: boolean): Draft {
  const cents = rngFor(`${account.seed}|${attemptDate}|garage`).int(8_000, 45_000);
  const invoice = `INV-${hashText(`${account.seed}|${attemptDate}|garage`, 6).toUpperCase()}`;
  return {
    cents: -cents,
    creditorName: "Garage Verhaegen",
    creditorIban: partyIban(account.bank.countryCode, `${account.seed}|garage`),
    remittance: remake ? `${invoice} paid again after cancellation` : invoice,
    endToEndId: `E2E${hashText(`${account.seed}|${today}|${attemptDate}|${remake}`, 16)}`,
    bankTransactionCode: "PMNT-ICDT-ESCT",
    proprietaryBankTransactionCode: "SCT",
    dropsWhenBooked: !remake,
  };
}

/** A fixed-width field of a legacy core system: the text, then NUL characters up to `width`. */
const padded = (text: string, width: number) => text.padEnd(width, "\0");

/** The length of `oddities`' long transaction ids: over PostgreSQL's ~2.7 kB limit for an index key. */
const LONG_ID_LENGTH = 3_000;

function oddities(account: SandboxAccount, date: DateOnly): Draft[] {
  const { day, month } = parts(date);
  const rng = rngFor(`${account.seed}|${date}|oddities`);
  const out: Draft[] = [
    {
      cents: -rng.int(1_500, 9_500),
      creditorName: padded("STADTWERKE NORD", 70),
      creditorIban: partyIban(account.bank.countryCode, `${account.seed}|stadtwerke`),
      remittance: padded(`TERM ${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")} VERTRAG 4471`, 140),
      bankTransactionCode: "PMNT-IDDT-ESDD",
      proprietaryBankTransactionCode: "DD",
    },
  ];
  if (day % 7 === 0)
    out.push({
      cents: -rng.int(500, 4_000),
      creditorName: "Kiosk am Markt",
      remittance: `Card payment ${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")} card ****${account.cardLast4}`,
      bankTransactionCode: "PMNT-CCRD-POSD",
      proprietaryBankTransactionCode: "CARD",
      idLength: LONG_ID_LENGTH,
    });
  return out;
}

/** The behaviour's extra entries for one day (after the standard ones, so their ids do not move). */
export function scenarioDay(account: SandboxAccount, date: DateOnly, baseToday: DateOnly): Draft[] {
  if (account.kind !== "private-current") return [];
  switch (account.profile.behaviour) {
    case "noids":
      return coffees(account, date);
    case "oldhold":
      return hold(account, date, baseToday);
    case "cancelled":
      // Every day one payment is attempted (and later cancelled) and the attempt of two days before is made again.
      return [
        garagePayment(account, date, date, false),
        garagePayment(account, addDays(date, -REMAKE_AFTER_DAYS), date, true),
      ];
    case "oddities":
      return oddities(account, date);
    case "recurring":
      return recurringDay(account, date, baseToday);
    default:
      return [];
  }
}

/** Whether the bank lists an entry whose normal status would be `booked` (see Draft.dropsWhenBooked). */
export function isListed(draft: Draft, status: "booked" | "pending"): boolean {
  return !(draft.dropsWhenBooked && status === "booked");
}
