// Properties of both bank transforms (NextGenPSD2 and Enable Banking) over generated answers: no
// entry is lost or invented, amounts and dates pass unchanged (only signed, for Enable Banking),
// sums per currency are the bank's, and an id derived from content survives booking.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as eb from "@/lib/banking/enablebanking/transform";
import { EbTransactions } from "@/lib/banking/enablebanking/schemas";
import * as xs2a from "@/lib/banking/nextgenpsd2/transform";
import { sumDecimals, sumsByCurrency } from "@/lib/money/decimal";
import { currency, isoDay, scaledDecimal, unsignedAmount } from "@/testing/support/money-arbitraries";

const text = () => fc.option(fc.string({ maxLength: 30 }), { nil: undefined });
const iban = () => fc.option(fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{12,20}$/), { nil: undefined });
const id = () => fc.option(fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/), { nil: undefined });

const xs2aTransaction = fc.record(
  {
    transactionId: id(),
    entryReference: id(),
    bookingDate: isoDay(),
    valueDate: isoDay(),
    transactionAmount: fc.record({ amount: scaledDecimal({ maxScale: 2 }).map((d) => d.text), currency: currency() }),
    creditorName: text(),
    creditorAccount: fc.option(fc.record({ iban: iban() }), { nil: undefined }),
    debtorName: text(),
    debtorAccount: fc.option(fc.record({ iban: iban() }), { nil: undefined }),
    ultimateCreditor: text(),
    remittanceInformationUnstructured: text(),
    endToEndId: text(),
  },
  { requiredKeys: ["transactionAmount", "valueDate"] },
);

const ebTransaction = fc.record(
  {
    transaction_id: id(),
    entry_reference: id(),
    transaction_amount: fc.record({ amount: unsignedAmount(), currency: currency() }),
    credit_debit_indicator: fc.constantFrom("CRDT" as const, "DBIT" as const),
    status: fc.constantFrom("BOOK", "PDNG", "HOLD", "CNCL", "RJCT", "SCHD", "OTHR"),
    booking_date: isoDay(),
    value_date: isoDay(),
    creditor: fc.option(fc.record({ name: text() }), { nil: undefined }),
    creditor_account: fc.option(fc.record({ iban: iban() }), { nil: undefined }),
    debtor: fc.option(fc.record({ name: text() }), { nil: undefined }),
    remittance_information: fc.option(fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }), { nil: undefined }),
  },
  { requiredKeys: ["transaction_amount", "credit_debit_indicator", "status", "value_date"] },
);

const NULLABLE_TEXT = [
  "entryReference",
  "creditorName",
  "creditorIban",
  "debtorName",
  "remittanceInformation",
] as const;

describe("NextGenPSD2 transform (properties)", () => {
  it("keeps every entry, booked then pending, with the bank's amounts, dates and per-currency sums", () => {
    fc.assert(
      fc.property(
        fc.array(xs2aTransaction, { maxLength: 15 }),
        fc.array(xs2aTransaction, { maxLength: 15 }),
        (booked, pending) => {
          const body = xs2a.Xs2aTransactionsResponse.parse({ transactions: { booked, pending } });
          const { transactions } = xs2a.toTransactions(body);
          const raw = [...booked, ...pending];
          expect(transactions.map((t) => t.status)).toEqual([
            ...booked.map(() => "booked"),
            ...pending.map(() => "pending"),
          ]);
          expect(transactions.map((t) => t.amount)).toEqual(raw.map((r) => r.transactionAmount.amount));
          expect(transactions.map((t) => t.valueDate)).toEqual(raw.map((r) => r.valueDate));
          expect(transactions.map((t) => t.bookingDate)).toEqual([
            ...booked.map((r) => r.bookingDate ?? null),
            ...pending.map(() => null),
          ]);
          expect(sumsByCurrency(transactions)).toEqual(sumsByCurrency(raw.map((r) => r.transactionAmount)));
          for (const t of transactions) for (const key of NULLABLE_TEXT) expect(t[key]).not.toBe("");
        },
      ),
    );
  });

  it("uses the bank's id when given; otherwise an id from content that booking does not change", () => {
    fc.assert(
      fc.property(xs2aTransaction, isoDay(), (entry, bookedOn) => {
        const asPending = xs2a.toBankTransaction({ ...entry, bookingDate: undefined }, "pending");
        const asBooked = xs2a.toBankTransaction({ ...entry, bookingDate: bookedOn }, "booked");
        expect(asBooked.externalId).toBe(asPending.externalId);
        expect(asPending.derivedId).toBe(!entry.transactionId);
        if (entry.transactionId) expect(asPending.externalId).toBe(entry.transactionId);
        else expect(asPending.externalId).toMatch(/^syn_[0-9a-f]{32}$/);
      }),
    );
  });
});

describe("Enable Banking transform (properties)", () => {
  it("signs amounts by the indicator: a debit and its credit cancel out, and zero is never negative", () => {
    fc.assert(
      fc.property(unsignedAmount(), (amount) => {
        const credit = eb.signedAmount(amount, "CRDT");
        const debit = eb.signedAmount(amount, "DBIT");
        expect(credit).toBe(amount);
        expect(sumDecimals([credit, debit])).toMatch(/^0(\.0+)?$/);
        expect(debit.startsWith("-")).toBe(/[1-9]/.test(amount));
      }),
    );
  });

  it("keeps exactly the live entries (BOOK, PDNG, HOLD) in order, with sums of credits minus debits", () => {
    fc.assert(
      fc.property(
        fc.array(ebTransaction, { maxLength: 25 }),
        fc.option(fc.string({ minLength: 1 }), { nil: null }),
        (entries, key) => {
          const body = EbTransactions.parse({ transactions: entries, continuation_key: key });
          const { transactions, next } = eb.toTransactions(body);
          const live = entries.filter((e) => ["BOOK", "PDNG", "HOLD"].includes(e.status));
          expect(next).toBe(key);
          expect(transactions.map((t) => t.status)).toEqual(
            live.map((e) => (e.status === "BOOK" ? "booked" : "pending")),
          );
          expect(transactions.map((t) => t.amount.replace("-", ""))).toEqual(
            live.map((e) => e.transaction_amount.amount),
          );
          const signed = live.map((e) => ({
            currency: e.transaction_amount.currency,
            amount:
              e.credit_debit_indicator === "DBIT" ? `-${e.transaction_amount.amount}` : e.transaction_amount.amount,
          }));
          expect(sumsByCurrency(transactions)).toEqual(sumsByCurrency(signed));
          for (const t of transactions) for (const field of NULLABLE_TEXT) expect(t[field]).not.toBe("");
        },
      ),
    );
  });

  it("an id-less entry keeps its content id from pending to booked", () => {
    fc.assert(
      fc.property(ebTransaction, isoDay(), (entry, bookedOn) => {
        const bare = { ...entry, transaction_id: undefined, entry_reference: undefined };
        const pending = eb.toBankTransaction({ ...bare, status: "PDNG", booking_date: undefined }, "pending");
        const booked = eb.toBankTransaction({ ...bare, status: "BOOK", booking_date: bookedOn }, "booked");
        expect(booked.externalId).toBe(pending.externalId);
        expect(pending.derivedId).toBe(true);
      }),
    );
  });

  it("bank ids are stable slugs that say which kind of customer they serve", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.stringMatching(/^[A-Za-z]{2}$/),
        fc.constantFrom("personal" as const, "business" as const),
        (name, country, psuType) => {
          const bankId = eb.bankIdOf({ name, country }, psuType);
          expect(bankId).toMatch(/^eb:[A-Z]{2}:[a-z0-9-]*(:business)?$/);
          expect(eb.psuTypeOfBankId(bankId)).toBe(psuType);
          expect(eb.bankIdOf({ name, country: country.toLowerCase() }, psuType)).toBe(bankId);
        },
      ),
    );
  });
});
