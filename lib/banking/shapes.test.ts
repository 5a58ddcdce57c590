// What the integrations' shape checks accept from a bank: dates that are calendar days, currencies
// as three letters (upper-cased). A page that fails them is refused whole (a ProviderError), never
// stored with an impossible date or a currency cut to fit its column.
import { describe, expect, it } from "vitest";
import { EbTransactions } from "@/lib/banking/enablebanking/schemas";
import { toTransactions as ebTransactions } from "@/lib/banking/enablebanking/transform";
import { Xs2aTransactionsResponse } from "@/lib/banking/nextgenpsd2/transform";

const xs2a = (entry: Record<string, unknown>) => ({
  transactions: {
    booked: [
      {
        transactionId: "T1",
        bookingDate: "2026-02-28",
        transactionAmount: { currency: "EUR", amount: "-1.00" },
        ...entry,
      },
    ],
  },
});
const eb = (entry: Record<string, unknown>) => ({
  transactions: [
    {
      entry_reference: "E1",
      transaction_amount: { currency: "EUR", amount: "1.00" },
      credit_debit_indicator: "DBIT",
      status: "BOOK",
      booking_date: "2026-02-28",
      ...entry,
    },
  ],
});

describe("a bank's dates and currencies", () => {
  it.each(["2026-02-29", "2026-02-30", "2026-13-01", "2026-1-05", "2026-11-27T10:00:00Z", ""])(
    "refuses the impossible or malformed date %j in both integrations",
    (date) => {
      expect(Xs2aTransactionsResponse.safeParse(xs2a({ bookingDate: date })).success).toBe(false);
      expect(Xs2aTransactionsResponse.safeParse(xs2a({ valueDate: date })).success).toBe(false);
      expect(EbTransactions.safeParse(eb({ booking_date: date })).success).toBe(false);
      expect(EbTransactions.safeParse(eb({ value_date: date })).success).toBe(false);
    },
  );

  it("accepts calendar days, leap days included", () => {
    expect(Xs2aTransactionsResponse.safeParse(xs2a({ bookingDate: "2024-02-29" })).success).toBe(true);
    expect(EbTransactions.safeParse(eb({ booking_date: "2028-02-29", value_date: "2028-02-28" })).success).toBe(true);
  });

  it("upper-cases a currency code, and refuses one that is not three letters", () => {
    const parsed = Xs2aTransactionsResponse.parse(xs2a({ transactionAmount: { currency: "eur", amount: "-1.00" } }));
    expect(parsed.transactions?.booked?.[0].transactionAmount.currency).toBe("EUR");
    const [entry] = ebTransactions(
      EbTransactions.parse(eb({ transaction_amount: { currency: " sek", amount: "1.00" } })),
    ).transactions;
    expect(entry.currency).toBe("SEK");
    for (const currency of ["EURO", "E1R", "€", ""]) {
      expect(
        Xs2aTransactionsResponse.safeParse(xs2a({ transactionAmount: { currency, amount: "-1.00" } })).success,
      ).toBe(false);
      expect(EbTransactions.safeParse(eb({ transaction_amount: { currency, amount: "1.00" } })).success).toBe(false);
    }
  });
});
