// The bank's own XS2A answer for an account (every page of bookingStatus=both over its whole history,
// read from the sandbox bank over HTTP as any TPP would) and a comparison of our stored rows
// with it: count and sum per status and currency, the bank's ids, and every field we keep. The answer
// is read with PSU-IP-Address, so it never spends the consent's unattended budget.
import { expect } from "vitest";
import { pool } from "@/lib/db/client";
import { callBanks } from "@/testing/support/banks-server";

type Raw = Record<string, unknown> & { transactionAmount: { amount: string; currency: string } };
export type BankEntry = { status: "booked" | "pending"; raw: Raw };

export async function bankAnswer(
  bankId: string,
  bankConsentId: string,
  resourceId: string,
  itemsPerPage = 1000,
): Promise<BankEntry[]> {
  const entries: BankEntry[] = [];
  for (let pageIndex = 0; ; pageIndex += 1) {
    const query = `bookingStatus=both&itemsPerPage=${itemsPerPage}&pageIndex=${pageIndex}`;
    const res = await callBanks(`/sandbox-bank/api/banks/${bankId}/v1/accounts/${resourceId}/transactions?${query}`, {
      headers: { "consent-id": bankConsentId, "psu-ip-address": "192.0.2.9", "x-request-id": crypto.randomUUID() },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`bank answer page ${pageIndex}: ${res.status} ${text}`);
    const t = (JSON.parse(text) as { transactions: { booked?: Raw[]; pending?: Raw[]; _links: { next?: unknown } } })
      .transactions;
    for (const raw of t.booked ?? []) entries.push({ status: "booked", raw });
    for (const raw of t.pending ?? []) entries.push({ status: "pending", raw });
    if (!t._links.next) return entries;
  }
}

/** One entry as a comparable record: null for what the bank did not send. */
export function fromBank(e: BankEntry) {
  const r = e.raw;
  const text = (key: string) => {
    const value = r[key];
    return typeof value === "string" ? value : null;
  };
  const iban = (key: string) => (r[key] as { iban?: string } | undefined)?.iban ?? null;
  return {
    id: text("transactionId"),
    entryReference: text("entryReference"),
    status: e.status,
    bookingDate: e.status === "booked" ? text("bookingDate") : null,
    valueDate: text("valueDate"),
    amount: r.transactionAmount.amount,
    currency: r.transactionAmount.currency,
    creditorName: text("creditorName"),
    creditorIban: iban("creditorAccount"),
    ultimateCreditor: text("ultimateCreditor"),
    debtorName: text("debtorName"),
    debtorIban: iban("debtorAccount"),
    ultimateDebtor: text("ultimateDebtor"),
    remittance: text("remittanceInformationUnstructured"),
    creditorId: text("creditorId"),
    mandateId: text("mandateId"),
    bankTransactionCode: text("bankTransactionCode"),
    endToEndId: text("endToEndId"),
    proprietaryBankTransactionCode: text("proprietaryBankTransactionCode"),
  };
}
type Comparable = ReturnType<typeof fromBank>;
type Stored = Omit<Comparable, "id"> & { externalId: string };

export async function storedRows(accountId: string): Promise<Stored[]> {
  const { rows } = await pool().query<Stored>(
    `SELECT external_id AS "externalId", entry_reference AS "entryReference", status::text AS status, booking_date AS "bookingDate",
            value_date AS "valueDate", amount::text AS amount, currency, creditor_name AS "creditorName", creditor_iban AS "creditorIban",
            ultimate_creditor AS "ultimateCreditor", debtor_name AS "debtorName", debtor_iban AS "debtorIban", ultimate_debtor AS "ultimateDebtor",
            remittance_information AS remittance, creditor_id AS "creditorId", mandate_id AS "mandateId",
            bank_transaction_code AS "bankTransactionCode", end_to_end_id AS "endToEndId",
            proprietary_bank_transaction_code AS "proprietaryBankTransactionCode"
       FROM transactions WHERE account_id = $1 AND removed_at IS NULL`,
    [accountId],
  );
  return rows;
}

/** Sum of decimal strings in integer hundredths (exact; the sandbox sends two decimals). */
export function sumCents(amounts: string[]): bigint {
  return amounts.reduce((sum, a) => {
    const [whole, frac = ""] = a.replace("-", "").split(".");
    const cents = BigInt(whole) * 100n + BigInt((frac + "00").slice(0, 2));
    return sum + (a.startsWith("-") ? -cents : cents);
  }, 0n);
}

export type Figures = Record<string, { count: number; sum: string }>;

/** Count and sum per (status, currency). */
export function figures(list: { status: string; currency: string; amount: string }[]): Figures {
  const groups = new Map<string, string[]>();
  for (const t of list)
    groups.set(`${t.status} ${t.currency}`, [...(groups.get(`${t.status} ${t.currency}`) ?? []), t.amount]);
  return Object.fromEntries(
    [...groups].sort().map(([k, amounts]) => [k, { count: amounts.length, sum: String(sumCents(amounts)) }]),
  );
}

const key = (c: Omit<Comparable, "id">) => JSON.stringify(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Our rows equal the bank's answer: same figures, no duplicate ids, the bank's ids exactly (when it
 * sends them), and the same multiset of field values (which is how id-less entries are compared).
 */
export async function expectEqualToBankAnswer(
  accountId: string,
  answer: BankEntry[],
): Promise<{ bank: Figures; ours: Figures }> {
  const bank = answer.map(fromBank);
  const ours = await storedRows(accountId);
  const result = { bank: figures(bank), ours: figures(ours) };
  expect(result.ours).toEqual(result.bank);
  expect(new Set(ours.map((o) => o.externalId)).size).toBe(ours.length);
  const bankIds = bank.flatMap((b) => (b.id ? [b.id] : [])).sort();
  expect(
    ours
      .filter((o) => !o.externalId.startsWith("syn_"))
      .map((o) => o.externalId)
      .sort(),
  ).toEqual(bankIds);
  const strip = ({ id: _id, ...rest }: Comparable) => key(rest);
  expect(ours.map(({ externalId: _e, ...rest }) => key(rest)).sort()).toEqual(bank.map(strip).sort());
  return result;
}
