// How the fake shows its records in the API's shapes: an ASPSP, an account, a session, a
// transaction, and a page of entries.
import {
  hash,
  money,
  sortDateOf,
  transactionIdAsRead,
  type FakeAspsp,
  type FakeEntry,
} from "@/sandbox/enablebanking/data";
import { sessionStatus, type FakeSession } from "@/sandbox/enablebanking/state";

const PAGE_SIZE = 50;
export const MAX_VALIDITY_SECONDS = 180 * 86_400;

export type FakeContext = { origin: string; prefix: string };

const bankIdHash = (value: string) => hash(`id|${value}`).slice(0, 43);

export function aspspData(a: FakeAspsp, ctx: FakeContext) {
  return {
    name: a.name,
    country: a.country,
    logo: `${ctx.origin}${ctx.prefix}/logos/${encodeURIComponent(a.bic)}.svg`,
    psu_types: a.psuTypes,
    auth_methods: a.psuTypes.map((t) => ({
      name: "redirect",
      psu_type: t,
      approach: "REDIRECT",
      hidden_method: false,
    })),
    maximum_consent_validity: MAX_VALIDITY_SECONDS,
    sandbox: { users: [] },
    beta: false,
    bic: a.bic,
    required_psu_headers: [],
  };
}

export function accountResource(session: FakeSession, index: number) {
  const { uid, template } = session.accounts[index];
  const idHash = bankIdHash(template.iban);
  return {
    account_id: { iban: template.iban },
    all_account_ids: [{ identification: template.iban, scheme_name: "IBAN" }],
    name: template.name,
    usage: template.usage,
    cash_account_type: template.cashAccountType,
    product: template.name,
    currency: template.currency,
    uid,
    identification_hash: idHash,
    identification_hashes: [idHash],
  };
}

export function sessionView(session: FakeSession) {
  return {
    status: sessionStatus(session),
    accounts: session.accounts.map((a) => a.uid),
    accounts_data: session.accounts.map((a) => ({
      uid: a.uid,
      identification_hash: bankIdHash(a.template.iban),
      identification_hashes: [bankIdHash(a.template.iban)],
    })),
    aspsp: { name: session.aspsp.name, country: session.aspsp.country },
    psu_type: session.psuType,
    psu_id_hash: hash(`psu|${session.user}`).slice(0, 32),
    access: { valid_until: session.validUntil },
    created: session.created,
    authorized: session.created,
  };
}

/** An entry as Enable Banking lists it when read at `today` (its transaction_id changes between reads). */
export function transaction(e: FakeEntry, today: string) {
  const party = { name: e.party };
  const partyAccount = e.partyIban ? { iban: e.partyIban } : undefined;
  const transactionId = transactionIdAsRead(e, today);
  return {
    ...(e.entryReference ? { entry_reference: e.entryReference } : {}),
    ...(transactionId ? { transaction_id: transactionId } : {}),
    transaction_amount: { currency: e.currency, amount: money(e.cents) },
    credit_debit_indicator: e.indicator,
    status: e.status,
    ...(e.bookingDate ? { booking_date: e.bookingDate } : {}),
    value_date: e.valueDate,
    ...(e.indicator === "DBIT"
      ? { creditor: party, ...(partyAccount ? { creditor_account: partyAccount } : {}) }
      : { debtor: party, ...(partyAccount ? { debtor_account: partyAccount } : {}) }),
    remittance_information: e.remittance,
    bank_transaction_code: { code: "PMNT", sub_code: e.indicator === "DBIT" ? "ICDT" : "RCDT" },
  };
}

/** Pages of about PAGE_SIZE rows that never split a day, so identical id-less entries share a page. */
export function pageOf(entries: FakeEntry[], offset: number): { rows: FakeEntry[]; next: number | null } {
  let end = Math.min(entries.length, offset + PAGE_SIZE);
  while (end < entries.length && end > offset && sortDateOf(entries[end]) === sortDateOf(entries[end - 1])) end += 1;
  return { rows: entries.slice(offset, end), next: end < entries.length ? end : null };
}
