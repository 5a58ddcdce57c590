// The fake Enable Banking's banks, people and their accounts' history. Everything is derived from
// hashes of stable names and dates, so a bank account shows the same entries in every session and
// at every clock position; only the clock decides what is pending, booked or not there yet.
import { createHash } from "node:crypto";
import { addDays } from "@/lib/dates/days";

export type FakeAspsp = {
  name: string;
  country: string;
  bic: string;
  psuTypes: ("personal" | "business")[];
  currency: string;
};

export const FAKE_ASPSPS: readonly FakeAspsp[] = [
  { name: "Nordpankki", country: "FI", bic: "NRDPFIHH", psuTypes: ["personal", "business"], currency: "EUR" },
  { name: "Aurora Säästöpankki", country: "FI", bic: "AURSFIHH", psuTypes: ["personal"], currency: "EUR" },
  { name: "Skärgårdsbanken", country: "SE", bic: "SKGBSESS", psuTypes: ["personal", "business"], currency: "SEK" },
  { name: "Rheinische Testbank", country: "DE", bic: "RHTBDEFF", psuTypes: ["business"], currency: "EUR" },
  { name: "Baltic Demo Bank", country: "EE", bic: "BDBKEE22", psuTypes: ["personal"], currency: "EUR" },
];

/** People at the fake banks, each a scenario (see FAULTS in api.ts): who → what their bank does. */
export const FAKE_USERS = {
  alice: "an ordinary history",
  ratelimited: "the first two transaction pages answer 429 with Retry-After: 1",
  flaky: "every other page fails once (500, then 408)",
  idless: "no transaction_id or entry_reference; identical coffees on one day",
  oddities:
    "an older core system: remittance lines padded with NUL characters to 140, and one entry in seven with an entry_reference of 3,009 characters",
} as const;
export type FakeUser = keyof typeof FAKE_USERS;

export const hash = (value: string) => createHash("sha256").update(value).digest("hex");

/** A UUID (version 4 layout) derived from a seed. */
export function uuidOf(seed: string): string {
  const h = hash(seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type FakeAccountTemplate = {
  key: string;
  name: string;
  usage: "PRIV" | "ORGA";
  cashAccountType: "CACC" | "SVGS" | "CARD";
  currency: string;
  iban: string;
};

/** The bank accounts a person holds at a bank, as one PSU type. */
export function accountsOf(aspsp: FakeAspsp, user: string, psuType: "personal" | "business"): FakeAccountTemplate[] {
  const kinds =
    psuType === "business"
      ? ([
          ["Operating account", "ORGA", "CACC"],
          ["Reserve account", "ORGA", "SVGS"],
        ] as const)
      : ([
          ["Current account", "PRIV", "CACC"],
          ["Debit card", "PRIV", "CARD"],
        ] as const);
  return kinds.map(([name, usage, cashAccountType], i) => {
    const key = `${aspsp.country}|${aspsp.name}|${user}|${psuType}|${i}`;
    const digits = BigInt(`0x${hash(key).slice(0, 15)}`)
      .toString()
      .padStart(16, "0")
      .slice(0, 16);
    return {
      key,
      name,
      usage,
      cashAccountType,
      currency: aspsp.currency,
      iban: `${aspsp.country}${digits.slice(0, 2)}${digits.slice(2)}`,
    };
  });
}

export type FakeEntry = {
  seq: string;
  transactionId: string | null;
  entryReference: string | null;
  status: "BOOK" | "PDNG" | "CNCL" | "RJCT";
  valueDate: string;
  bookingDate: string | null;
  cents: bigint;
  indicator: "CRDT" | "DBIT";
  currency: string;
  party: string;
  partyIban: string | null;
  remittance: string[];
};

/** Every fake account was opened on this day: history starts there, whatever the clock says (a
 * sliding window would drop old rows when the clock moves, which the comparisons would see). */
const OPENED = "2025-10-01";
/** Entries take two days to book; one in 25 pending entries is cancelled instead. */
const BOOKING_LAG_DAYS = 2;
const PARTIES = [
  "Kahvila Aroma",
  "City Grocer",
  "Acme Consulting",
  "Electric Co",
  "Rent Holdings",
  "Metro Transit",
  "Bookshop Verso",
  "Payroll Ltd",
];

export const money = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;

function entriesOfDay(template: FakeAccountTemplate, user: string, day: string, today: string): FakeEntry[] {
  const h = hash(`${template.key}|${day}`);
  // Every day has an entry, every third day two: so the last days always hold pending rows. The
  // count depends on the day alone, never on the clock, or moving the clock would rewrite history.
  const count = parseInt(h.slice(0, 2), 16) % 3 === 0 ? 2 : 1;
  const out: FakeEntry[] = [];
  for (let i = 0; i < count; i++) {
    const r = hash(`${h}|${i}`);
    const n = (at: number, len = 4) => parseInt(r.slice(at, at + len), 16);
    const credit = n(0) % 5 === 0;
    const cents = BigInt(credit ? 5_000 + (n(4, 6) % 300_000) : 100 + (n(4, 6) % 25_000));
    const bookable = addDays(day, BOOKING_LAG_DAYS) <= today;
    const cancels = n(10) % 25 === 0;
    const rejected = n(14) % 40 === 0;
    const status = rejected ? "RJCT" : !bookable ? "PDNG" : cancels ? "CNCL" : "BOOK";
    const party = PARTIES[n(18) % PARTIES.length];
    out.push({
      seq: `${day}|${i}`,
      // The bank's own id (GoCardless's fake sends it as transactionId); Enable Banking's view sends
      // a transaction_id that changes between reads instead (transactionIdAsRead).
      transactionId: user === "idless" ? null : `T${r.slice(20, 36)}`,
      entryReference:
        user === "idless" ? null : user === "oddities" && n(26) % 7 === 0 ? `E${r.repeat(47)}` : `E${r.slice(36, 48)}`,
      status,
      valueDate: day,
      bookingDate: status === "BOOK" ? addDays(day, BOOKING_LAG_DAYS) : null,
      cents,
      indicator: credit ? "CRDT" : "DBIT",
      currency: template.currency,
      party,
      partyIban: n(22) % 3 === 0 ? null : `FI${String(n(24, 8)).padStart(16, "0")}`,
      remittance: [`${credit ? "Payment from" : "Payment to"} ${party}`.padEnd(user === "oddities" ? 140 : 0, "\0")],
    });
  }
  // Two identical coffees on every sixth day, with no ids: both must survive.
  if (user === "idless" && parseInt(h.slice(2, 4), 16) % 6 === 0) {
    for (const i of [0, 1]) {
      const bookable = addDays(day, BOOKING_LAG_DAYS) <= today;
      out.push({
        seq: `${day}|c${i}`,
        transactionId: null,
        entryReference: null,
        status: bookable ? "BOOK" : "PDNG",
        valueDate: day,
        bookingDate: bookable ? addDays(day, BOOKING_LAG_DAYS) : null,
        cents: 320n,
        indicator: "DBIT",
        currency: template.currency,
        party: "Coffee Corner",
        partyIban: null,
        remittance: ["Coffee"],
      });
    }
  }
  return out;
}

/** The account's entries as the bank lists them at `today`: newest first, in a stable order. */
export function entriesOf(template: FakeAccountTemplate, user: string, today: string): FakeEntry[] {
  const out: FakeEntry[] = [];
  for (let day = today; day >= OPENED; day = addDays(day, -1)) out.push(...entriesOfDay(template, user, day, today));
  return out;
}

export const sortDateOf = (e: FakeEntry) => e.bookingDate ?? e.valueDate;

/**
 * The transaction_id Enable Banking sends for an entry read at `today`. Its contract: the value "can
 * not be used to uniquely identify transactions and may change if the list of transactions is
 * retrieved again"; here it changes whenever the fake's clock has moved. entry_reference never does.
 */
export const transactionIdAsRead = (e: FakeEntry, today: string) =>
  e.transactionId === null ? null : `T${hash(`${e.transactionId}|read ${today}`).slice(0, 16)}`;

/** What the bank holds live at `today`: per status, count and sum per currency (signed), and ids. */
/** `idOf`: the id an entry is known by (GoCardless's fake: its transactionId, the default). */
export function totalsOf(
  template: FakeAccountTemplate,
  user: string,
  today: string,
  idOf: (e: FakeEntry) => string | null = (e) => e.transactionId,
) {
  const live = entriesOf(template, user, today).filter((e) => e.status === "BOOK" || e.status === "PDNG");
  const sums: Record<string, bigint> = {};
  for (const e of live) sums[e.currency] = (sums[e.currency] ?? 0n) + (e.indicator === "DBIT" ? -e.cents : e.cents);
  const signed = (c: bigint) => (c < 0n ? `-${money(-c)}` : money(c));
  return {
    booked: live.filter((e) => e.status === "BOOK").length,
    pending: live.filter((e) => e.status === "PDNG").length,
    sumByCurrency: Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, signed(v)])),
    ids: live
      .map(idOf)
      .filter((id): id is string => id !== null)
      .sort(),
    balance: signed(
      live.filter((e) => e.status === "BOOK").reduce((s, e) => s + (e.indicator === "DBIT" ? -e.cents : e.cents), 0n),
    ),
  };
}
