import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import page from "@/lib/banking/enablebanking/fixtures/transactions-page.json";
import { EbTransactions } from "@/lib/banking/enablebanking/schemas";
import {
  bankIdOf,
  psuTypeOfBankId,
  sessionStatusOf,
  signedAmount,
  toBankAccount,
  toBankBalances,
  toBanks,
  toTransactions,
} from "@/lib/banking/enablebanking/transform";
import { shownBalance } from "@/lib/banking/balance";

const parsed = EbTransactions.parse(page);

describe("Enable Banking transform", () => {
  it("signs unsigned amounts by credit_debit_indicator, as decimal strings", () => {
    expect(signedAmount("12.50", "DBIT")).toBe("-12.50");
    expect(signedAmount("2450.00", "CRDT")).toBe("2450.00");
    expect(signedAmount("0.00", "DBIT")).toBe("0.00");
    // A bank that signs anyway is not double-signed.
    expect(signedAmount("-7.10", "DBIT")).toBe("-7.10");
  });

  it("maps a page: booked and pending kept, cancelled and rejected skipped, continuation key as next", () => {
    const { transactions, next } = toTransactions(parsed);
    // Our page token is Enable Banking's continuation_key.
    expect(next).toBe("page-2");
    expect(transactions.map((t) => [t.status, t.amount])).toEqual([
      ["booked", "-12.50"],
      ["booked", "2450.00"],
      ["pending", "-3.20"],
      ["pending", "-3.20"],
      ["pending", "0.00"],
    ]);
    expect(transactions.map((t) => t.externalId)).not.toContain("tx-2026-0003");
    expect(transactions.map((t) => t.externalId)).not.toContain("tx-2026-0004");
  });

  it("carries dates exactly as sent, parties, accounts, remittance and the bank transaction code", () => {
    const [card, credit] = toTransactions(parsed).transactions;
    expect(card).toEqual({
      // Both sent: the entry_reference identifies the entry (transaction_id may change between reads).
      externalId: "5561990681",
      derivedId: false,
      endToEndId: null,
      proprietaryBankTransactionCode: null,
      entryReference: "5561990681",
      status: "booked",
      bookingDate: "2026-02-28",
      valueDate: "2026-02-27",
      amount: "-12.50",
      currency: "EUR",
      creditorName: "Kahvila Aroma Oy",
      creditorIban: "FI2112345600000785",
      ultimateCreditor: null,
      debtorName: null,
      debtorIban: null,
      ultimateDebtor: null,
      remittanceInformation: "Card purchase Helsinki",
      creditorId: null,
      mandateId: null,
      bankTransactionCode: "PMNT-CCRD-POSD",
    });
    // No transaction_id: the entry_reference is the bank's id.
    expect([credit.externalId, credit.debtorName, credit.debtorIban]).toEqual([
      "5561990682",
      "Acme Consulting Oy",
      "FI5542345670000081",
    ]);
  });

  it("gives identical id-less entries one content-derived id, stable across reads and booking (the sync numbers them)", () => {
    const first = toTransactions(parsed).transactions.slice(2, 4);
    expect(first[0].externalId).toMatch(/^syn_[0-9a-f]{32}$/);
    // Identical content, identical derived id: lib/sync/occurrence.ts keeps them as two rows.
    expect(first.map((t) => [t.externalId, t.derivedId])).toEqual([
      [first[0].externalId, true],
      [first[0].externalId, true],
    ]);
    expect(
      toTransactions(EbTransactions.parse(page))
        .transactions.slice(2, 4)
        .map((t) => t.externalId),
    ).toEqual(first.map((t) => t.externalId));

    const booked = structuredClone(page);
    for (const t of booked.transactions.slice(2, 4)) Object.assign(t, { status: "BOOK", booking_date: "2026-03-03" });
    const after = toTransactions(EbTransactions.parse(booked)).transactions.slice(2, 4);
    expect(after.map((t) => [t.status, t.bookingDate, t.externalId])).toEqual(
      first.map((t) => ["booked", "2026-03-03", t.externalId]),
    );
  });

  it("pages by Enable Banking's continuation_key as sent; entries with a bank id are not derived", () => {
    const firstPage = toTransactions(
      EbTransactions.parse({ transactions: page.transactions.slice(0, 3), continuation_key: "k2" }),
    );
    expect(firstPage.next).toBe("k2");
    expect(firstPage.transactions.slice(0, 2).map((t) => t.derivedId)).toEqual([false, false]);
    expect(toTransactions(EbTransactions.parse({ transactions: page.transactions.slice(3) })).next).toBeNull();
  });

  it("identifies an entry by entry_reference, else transaction_id, else its content; an id over 512 bytes by its SHA-256", () => {
    const long = "E".repeat(3_000);
    const [withBoth, withTxOnly, withNeither] = page.transactions;
    const entries = [
      { ...withBoth, transaction_id: "changes-on-every-read" },
      { ...withBoth, entry_reference: long },
      { ...withTxOnly, entry_reference: undefined, transaction_id: "tx-only" },
      { ...withBoth, entry_reference: "", transaction_id: "tx-when-reference-empty" },
      withNeither,
    ];
    const mapped = toTransactions(EbTransactions.parse({ transactions: entries })).transactions;
    expect(mapped.map((t) => [t.externalId, t.derivedId])).toEqual([
      ["5561990681", false],
      [`sha256:${createHash("sha256").update(long).digest("hex")}`, false],
      ["tx-only", false],
      ["tx-when-reference-empty", false],
      [expect.stringMatching(/^syn_/), true],
    ]);
  });

  it("names banks with a stable namespaced id, twice when the bank serves businesses too", () => {
    const aspsp = {
      name: "Nordpankki Äbp",
      country: "FI",
      bic: "NRDPFIHH",
      psu_types: ["personal", "business"] as ("personal" | "business")[],
      maximum_consent_validity: 15552000,
    };
    const banks = toBanks(aspsp, "enablebanking");
    expect(banks.map((b) => [b.bankId, b.name])).toEqual([
      ["eb:FI:nordpankki-abp", "Nordpankki Äbp"],
      ["eb:FI:nordpankki-abp:business", "Nordpankki Äbp (business)"],
    ]);
    expect(bankIdOf(aspsp, "personal")).toBe(banks[0].bankId);
    expect(psuTypeOfBankId(banks[1].bankId)).toBe("business");
  });

  it("maps session statuses, accounts and the most booked balance", () => {
    expect(
      ["AUTHORIZED", "EXPIRED", "REVOKED", "CLOSED", "CANCELLED", "PENDING_AUTHORIZATION", "NEW_ONE"].map(
        sessionStatusOf,
      ),
    ).toEqual(["valid", "expired", "revokedByPsu", "terminatedByTpp", "rejected", "received", "unknown"]);
    const account = {
      account_id: { iban: "FI2112345600000785" },
      name: "Operating",
      usage: "ORGA",
      cash_account_type: "CACC",
      currency: "EUR",
    };
    expect(toBankAccount(account, "uid-1", "business")).toMatchObject({
      externalId: "uid-1",
      iban: "FI2112345600000785",
      accountType: "company",
    });
    expect(toBankAccount({ ...account, usage: "PRIV" }, "uid-2", "personal").accountType).toBe("private");
    expect(
      toBankAccount({ ...account, usage: undefined, cash_account_type: "CARD" }, "uid-3", "personal").accountType,
    ).toBe("payment");
    const balances = toBankBalances({
      balances: [
        { balance_amount: { currency: "EUR", amount: "10.00" }, balance_type: "ITAV" },
        { balance_amount: { currency: "EUR", amount: "8.00" }, balance_type: "CLBD", reference_date: "2026-02-28" },
        { balance_amount: { currency: "EUR", amount: "1.00" }, balance_type: "INFO" },
      ],
    });
    // Every balance kept, its ISO code named as the Berlin Group names it; the shown one is the booked.
    expect(balances).toEqual([
      { amount: "10.00", currency: "EUR", type: "interimAvailable", referenceDate: null },
      { amount: "8.00", currency: "EUR", type: "closingBooked", referenceDate: "2026-02-28" },
      { amount: "1.00", currency: "EUR", type: "information", referenceDate: null },
    ]);
    expect(shownBalance(balances)).toEqual(balances[1]);
  });
});
