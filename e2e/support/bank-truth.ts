// The bank's own answer, read straight from the sandbox bank's XS2A API under the same consent, and
// compared with what the app stored: count, sum per currency, bank ids and every field, duplicates.
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { BankTransaction } from "../../lib/banking/types";
import { sumsByCurrency } from "../../lib/money/decimal";
import type { Connection, TrackedAccount } from "./connect";
import { storedId, withoutNul } from "../../testing/support/bank-stored-form";

type Xs2aTransaction = {
  transactionId?: string;
  entryReference?: string;
  endToEndId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: { amount: string; currency: string };
  creditorName?: string;
  creditorAccount?: { iban?: string };
  ultimateCreditor?: string;
  debtorName?: string;
  debtorAccount?: { iban?: string };
  ultimateDebtor?: string;
  remittanceInformationUnstructured?: string;
  creditorId?: string;
  mandateId?: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
};

type Report = {
  transactions: { booked?: Xs2aTransaction[]; pending?: Xs2aTransaction[]; _links?: { next?: { href: string } } };
};

/**
 * A transaction as our API lists it: the bank's fields, as the normalised type names them (a plain
 * type; the reading of the bank below stays this test's own), with the bank's id of the entry.
 */
export type OurTransaction = Omit<
  BankTransaction,
  "externalId" | "derivedId" | "endToEndId" | "proprietaryBankTransactionCode"
> & {
  bankTransactionId: string;
  endToEndId?: string | null;
  proprietaryBankTransactionCode?: string | null;
};

/** A row as the bank describes it. The bank's id is part of it when the bank sends one. */
export type Canonical = Omit<OurTransaction, "bankTransactionId"> & { bankId: string | null };

const orNull = (v: string | undefined | null) => (v === undefined || v === null || v === "" ? null : v);

function fromBank(t: Xs2aTransaction, status: "booked" | "pending"): Canonical {
  return {
    bankId: storedId(orNull(t.transactionId)),
    entryReference: orNull(t.entryReference),
    status,
    bookingDate: status === "booked" ? orNull(t.bookingDate) : null,
    valueDate: orNull(t.valueDate),
    amount: t.transactionAmount.amount,
    currency: t.transactionAmount.currency,
    creditorName: orNull(t.creditorName),
    creditorIban: orNull(t.creditorAccount?.iban),
    ultimateCreditor: orNull(t.ultimateCreditor),
    debtorName: orNull(t.debtorName),
    debtorIban: orNull(t.debtorAccount?.iban),
    ultimateDebtor: orNull(t.ultimateDebtor),
    remittanceInformation: orNull(t.remittanceInformationUnstructured),
    creditorId: orNull(t.creditorId),
    mandateId: orNull(t.mandateId),
    bankTransactionCode: orNull(t.bankTransactionCode),
    endToEndId: orNull(t.endToEndId),
    proprietaryBankTransactionCode: orNull(t.proprietaryBankTransactionCode),
  };
}

/** Only the fields the bank sent: our own (id, counterpart) are not the bank's to compare. */
function fromOurs(t: OurTransaction, bankSendsIds: boolean): Canonical {
  return {
    bankId: bankSendsIds ? t.bankTransactionId : null,
    entryReference: t.entryReference,
    status: t.status,
    bookingDate: t.bookingDate,
    valueDate: t.valueDate,
    amount: t.amount,
    currency: t.currency,
    creditorName: t.creditorName,
    creditorIban: t.creditorIban,
    ultimateCreditor: t.ultimateCreditor,
    debtorName: t.debtorName,
    debtorIban: t.debtorIban,
    ultimateDebtor: t.ultimateDebtor,
    remittanceInformation: t.remittanceInformation,
    creditorId: t.creditorId,
    mandateId: t.mandateId,
    bankTransactionCode: t.bankTransactionCode,
    endToEndId: orNull(t.endToEndId),
    proprietaryBankTransactionCode: orNull(t.proprietaryBankTransactionCode),
  };
}

/** Every transaction the bank lists for the account (booked and pending), all pages, read on the bank's origin. */
export async function bankTransactions(
  request: APIRequestContext,
  account: TrackedAccount,
  connection: Pick<Connection, "bankConsentId" | "bankOrigin">,
): Promise<Canonical[]> {
  const { bankConsentId, bankOrigin } = connection;
  const rows: Canonical[] = [];
  let href: string | null =
    `${bankOrigin}/sandbox-bank/api/banks/${account.bankId}/v1/accounts/${account.bankAccountId}/transactions?bookingStatus=both&itemsPerPage=1000`;
  while (href) {
    // A present PSU (PSU-IP-Address), so the bank's daily limit for unattended reads is not spent.
    // The `ratelimited` and `flaky` users fail some calls by design: ask again at once, a bounded number of times.
    let report: Report | null = null;
    for (let attempt = 0; attempt < 12 && !report; attempt += 1) {
      const res: APIResponse = await request.get(href, {
        headers: { "consent-id": bankConsentId, "x-request-id": randomUUID(), "psu-ip-address": "192.0.2.10" },
      });
      if (res.status() === 200) report = withoutNul((await res.json()) as Report);
      else expect([429, 500, 502, 503], await res.text()).toContain(res.status());
    }
    if (!report) throw new Error(`the bank kept failing ${href}`);
    rows.push(...(report.transactions.booked ?? []).map((t) => fromBank(t, "booked")));
    rows.push(...(report.transactions.pending ?? []).map((t) => fromBank(t, "pending")));
    // Paging links are paths below the bank's origin.
    const next: string | undefined = report.transactions._links?.next?.href;
    href = next ? new URL(next, bankOrigin).toString() : null;
  }
  return rows;
}

/** Every transaction the app lists for the account, through its public API, all pages. */
export async function ourTransactions(
  request: APIRequestContext,
  headers: Record<string, string>,
  accountId: string,
): Promise<OurTransaction[]> {
  const rows: OurTransaction[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `perPage=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await request.get(`/api/accounttracking/v1/accounts/${accountId}/transactions?${query}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { data: OurTransaction[]; meta: { page: { nextCursor: string | null } } };
    rows.push(...body.data);
    cursor = body.meta.page.nextCursor;
  } while (cursor);
  return rows;
}

const key = (row: Canonical) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));

export type Comparison = {
  bank: { count: number; sums: Record<string, string> };
  app: { count: number; sums: Record<string, string> };
};

/** The app's rows equal the bank's: same multiset of rows with every field, no duplicate bank ids. */
export function expectEqualToBank(bank: Canonical[], ours: OurTransaction[]): Comparison {
  const bankSendsIds = bank.every((t) => t.bankId !== null);
  const ids = ours.map((t) => t.bankTransactionId);
  expect(new Set(ids).size, "duplicate bank ids in the app").toBe(ids.length);
  const mine = ours.map((t) => fromOurs(t, bankSendsIds));
  expect(mine.length, "row count").toBe(bank.length);
  expect(sumsByCurrency(mine), "sum per currency").toEqual(sumsByCurrency(bank));
  expect(mine.map(key).sort(), "every field of every row").toEqual(bank.map(key).sort());
  const comparison = {
    bank: { count: bank.length, sums: sumsByCurrency(bank) },
    app: { count: mine.length, sums: sumsByCurrency(mine) },
  };
  // One line per comparison in the run's output, for the record (scenario, bank vs app).
  const info = test.info();
  const sums = (x: Record<string, string>) =>
    Object.entries(x)
      .map(([c, v]) => `${v} ${c}`)
      .join(", ");
  console.log(
    `bank-vs-app [${info.project.name}] ${info.title}: bank ${comparison.bank.count} rows (${sums(comparison.bank.sums)}) = app ${comparison.app.count} rows (${sums(comparison.app.sums)})`,
  );
  return comparison;
}
