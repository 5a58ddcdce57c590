// The fake GoCardless's institutions and people. Account histories are the Enable Banking fake's
// (sandbox/enablebanking/data.ts: derived from hashes of stable names and dates, the clock deciding
// what is pending or booked), shown here in GoCardless's Berlin Group shape.
import {
  accountsOf,
  entriesOf,
  hash,
  money,
  totalsOf,
  type FakeAccountTemplate,
  type FakeAspsp,
  type FakeEntry,
} from "@/sandbox/enablebanking/data";

export type FakeInstitution = {
  id: string;
  name: string;
  bic: string;
  countries: string[];
  currency: string;
  transactionTotalDays: number;
};

export const FAKE_INSTITUTIONS: readonly FakeInstitution[] = [
  {
    id: "KUUSI_KUUSFIHH",
    name: "Kuusi Pankki",
    bic: "KUUSFIHH",
    countries: ["FI"],
    currency: "EUR",
    transactionTotalDays: 730,
  },
  {
    id: "LINDEN_LINDDEFF",
    name: "Lindenbank",
    bic: "LINDDEFF",
    countries: ["DE", "AT"],
    currency: "EUR",
    transactionTotalDays: 540,
  },
  {
    id: "TULP_TULPNL2A",
    name: "Tulpbank",
    bic: "TULPNL2A",
    countries: ["NL"],
    currency: "EUR",
    transactionTotalDays: 730,
  },
  {
    id: "MALMO_MALMSESS",
    name: "Malmö Sparbank",
    bic: "MALMSESS",
    countries: ["SE"],
    currency: "SEK",
    transactionTotalDays: 730,
  },
];

/** People at the fake banks, each a scenario: who → what their bank does. */
export const FAKE_GC_USERS = {
  alice: "an ordinary history",
  ratelimited: "the first two transaction reads answer 429 with the account rate-limit headers",
  flaky: "transaction reads fail first with 503, then 500",
  idless: "no transactionId or internalTransactionId; identical coffees on one day",
  internal: "no transactionId; GoCardless's internalTransactionId only",
} as const;
export type FakeGcUser = keyof typeof FAKE_GC_USERS;

const asAspsp = (i: FakeInstitution): FakeAspsp => ({
  name: i.name,
  country: i.countries[0],
  bic: i.bic,
  psuTypes: ["personal"],
  currency: i.currency,
});

/** The accounts a person holds at an institution (a current account and a card account). */
export function gcAccountsOf(institution: FakeInstitution, user: FakeGcUser): FakeAccountTemplate[] {
  return accountsOf(asAspsp(institution), user, "personal");
}

export const internalIdOf = (template: FakeAccountTemplate, e: FakeEntry) =>
  `gc${hash(`internal|${template.key}|${e.seq}`).slice(0, 30)}`;

/** Live entries (booked or pending) at `today`, newest first. */
export function gcEntriesOf(template: FakeAccountTemplate, user: FakeGcUser, today: string): FakeEntry[] {
  return entriesOf(template, user, today).filter((e) => e.status === "BOOK" || e.status === "PDNG");
}

export const signedMoney = (e: FakeEntry) => (e.indicator === "DBIT" ? `-${money(e.cents)}` : money(e.cents));

/** What the bank holds at `today`: counts, sums per currency, and the ids it sends. */
export function gcTotalsOf(template: FakeAccountTemplate, user: FakeGcUser, today: string) {
  const totals = totalsOf(template, user, today);
  if (user !== "internal") return totals;
  const ids = gcEntriesOf(template, user, today).map((e) => internalIdOf(template, e));
  return { ...totals, ids: ids.sort() };
}
