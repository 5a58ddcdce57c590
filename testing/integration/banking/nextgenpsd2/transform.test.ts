import { describe, expect, it } from "vitest";
import { isTransientBankError } from "@/lib/banking/errors";
import page from "@/lib/banking/nextgenpsd2/fixtures/transactions-page.json";
import {
  Xs2aTransactionsResponse,
  accountKindOf,
  consentStatusOf,
  providerErrorOf,
  syntheticTransactionId,
  toBankAccount,
  toTransactions,
} from "@/lib/banking/nextgenpsd2/transform";
import { bankDateOf } from "@/lib/banking/http-json";
import { errorAnswer } from "@/testing/support/banking/error-answer";

describe("NextGenPSD2 transactions", () => {
  const parsed = Xs2aTransactionsResponse.parse(page);
  const { transactions, next } = toTransactions(parsed);

  it("keeps booked then pending, with amounts and dates exactly as the bank sent them", () => {
    expect(
      transactions.map((t) => [
        t.externalId.startsWith("syn_") ? "syn" : t.externalId,
        t.status,
        t.amount,
        t.bookingDate,
        t.valueDate,
      ]),
    ).toEqual([
      ["1234567", "booked", "-256.67", "2026-10-30", "2026-10-31"],
      ["1234568", "booked", "2500.00", "2026-10-28", "2026-10-28"],
      ["1234569", "booked", "-850.00", "2026-10-01", "2026-10-01"],
      ["syn", "pending", "-12.30", null, "2026-11-01"],
    ]);
    expect(next).toBe("/v1/accounts/acc-1/transactions?bookingStatus=both&pageIndex=1");
  });

  it("maps parties, the ultimate party, SEPA ids and remittance arrays, with explicit nulls", () => {
    const [card, salary, rent] = transactions;
    expect(card).toMatchObject({
      creditorName: "Adyen N.V.",
      ultimateCreditor: "Bol.com",
      creditorIban: "NL13TEST0123456789",
      debtorName: null,
    });
    expect(salary).toMatchObject({
      debtorName: "Brouwerij Van Dijk NV",
      remittanceInformation: "Salary October 2026",
      creditorName: null,
    });
    expect(rent).toMatchObject({
      creditorId: "BE69ZZZ0123456789",
      mandateId: "RENT-2024-0042",
      bankTransactionCode: "PMNT-RDDT-ESDD",
    });
    for (const t of transactions) for (const value of Object.values(t)) expect(value).not.toBeUndefined();
  });

  it("derives a stable id for entries without transactionId that does not change when booked", () => {
    const pending = page.transactions.pending[0];
    const booked = { ...pending, bookingDate: "2026-11-02" };
    expect(syntheticTransactionId(pending)).toBe(syntheticTransactionId(booked));
    expect(syntheticTransactionId({ ...pending, transactionAmount: { currency: "EUR", amount: "-12.31" } })).not.toBe(
      syntheticTransactionId(pending),
    );
  });

  it("rejects a float amount or a malformed date instead of guessing", () => {
    const bad = structuredClone(page) as unknown as {
      transactions: { booked: { transactionAmount: { amount: unknown } }[] };
    };
    bad.transactions.booked[0].transactionAmount.amount = -256.67;
    expect(Xs2aTransactionsResponse.safeParse(bad).success).toBe(false);
    const badDate = structuredClone(page) as unknown as { transactions: { booked: { bookingDate: string }[] } };
    badDate.transactions.booked[0].bookingDate = "30/10/2026";
    expect(Xs2aTransactionsResponse.safeParse(badDate).success).toBe(false);
  });
});

describe("NextGenPSD2 accounts and consents", () => {
  it("classifies accounts as private, company or payment", () => {
    expect(accountKindOf({ usage: "PRIV", cashAccountType: "CACC" })).toBe("private");
    expect(accountKindOf({ usage: "ORGA", cashAccountType: "CACC" })).toBe("company");
    expect(accountKindOf({ cashAccountType: "CARD" })).toBe("payment");
    expect(accountKindOf({ product: "E-money account" })).toBe("payment");
    expect(toBankAccount({ resourceId: "r1", currency: "EUR", iban: "BE71096123456769" })).toEqual({
      externalId: "r1",
      iban: "BE71096123456769",
      currency: "EUR",
      name: null,
      product: null,
      ownerName: null,
      cashAccountType: null,
      accountType: "private",
      balance: null,
    });
  });

  it("takes the most booked of the balances a withBalance list gives, amount and date as sent", () => {
    const listed = toBankAccount({
      resourceId: "r2",
      currency: "EUR",
      balances: [
        { balanceAmount: { amount: "1523.40", currency: "EUR" }, balanceType: "interimAvailable" },
        {
          balanceAmount: { amount: "1500.10", currency: "EUR" },
          balanceType: "closingBooked",
          referenceDate: "2026-11-27",
        },
      ],
    });
    expect(listed.balance).toEqual({
      amount: "1500.10",
      currency: "EUR",
      type: "closingBooked",
      referenceDate: "2026-11-27",
    });
  });

  it("knows the spec's consent statuses and marks others unknown", () => {
    for (const s of [
      "received",
      "valid",
      "rejected",
      "revokedByPsu",
      "expired",
      "terminatedByTpp",
      "partiallyAuthorised",
    ]) {
      expect(consentStatusOf(s)).toBe(s);
    }
    expect(consentStatusOf("suspendedBySomething")).toBe("unknown");
  });

  it("takes the bank's date from its Date header", () => {
    expect(bankDateOf("Tue, 01 Dec 2026 10:00:00 GMT")).toBe("2026-12-01");
    expect(bankDateOf("garbage", new Date("2026-11-22T12:00:00Z"))).toBe("2026-11-22");
  });
});

describe("NextGenPSD2 errors", () => {
  it("maps statuses and tppMessages codes to the provider error set", () => {
    const messages = (code: string) => ({ tppMessages: [{ category: "ERROR", code, text: code }] });
    const errorOf = (status: number, body: unknown, headers?: Record<string, string>) =>
      providerErrorOf(errorAnswer(status, body, headers));
    expect(errorOf(401, messages("CONSENT_EXPIRED")).code).toBe("consent_invalid");
    expect(errorOf(403, messages("CONSENT_UNKNOWN")).code).toBe("consent_invalid");
    const limited = errorOf(429, messages("ACCESS_EXCEEDED"), { "retry-after": "7" });
    expect([limited.code, limited.retryAfterSeconds, isTransientBankError(limited)]).toEqual(["rate_limited", 7, true]);
    expect(errorOf(503, null).code).toBe("unavailable");
    expect(errorOf(404, messages("RESOURCE_UNKNOWN")).code).toBe("not_found");
    expect(isTransientBankError(errorOf(400, messages("FORMAT_ERROR")))).toBe(false);
  });
});
