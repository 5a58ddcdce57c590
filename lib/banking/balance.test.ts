import { describe, expect, it } from "vitest";
import { berlinGroupBalanceType, shownBalance } from "@/lib/banking/balance";

const b = (type: string, referenceDate: string | null, amount = "1.00") => ({
  amount,
  currency: "EUR",
  type,
  referenceDate,
});

describe("the balance an account shows", () => {
  it("is the newest booked balance: today's interim booked over yesterday's closing", () => {
    const closing = b("closingBooked", "2026-11-27", "10.00");
    const interim = b("interimBooked", "2026-11-29", "12.00");
    expect(shownBalance([closing, b("interimAvailable", "2026-11-29"), interim])).toBe(interim);
    // The same day: closing over interim.
    expect(
      shownBalance([b("interimBooked", "2026-11-29"), closing, b("closingBooked", "2026-11-29", "3.00")])?.amount,
    ).toBe("3.00");
    // No date: the day of the read, newer than any dated one.
    expect(shownBalance([closing, b("interimBooked", null, "7.00")])?.amount).toBe("7.00");
  });

  it("without a booked balance, the first in the order of preference; none for none", () => {
    expect(shownBalance([b("interimAvailable", "2026-11-29"), b("expected", "2026-11-20", "5.00")])?.amount).toBe(
      "5.00",
    );
    expect(shownBalance([b("information", "2026-11-29", "9.00")])?.amount).toBe("9.00");
    expect(shownBalance([])).toBeNull();
  });

  it("names ISO 20022 codes as the Berlin Group does and keeps its own names", () => {
    expect(["OPBD", "CLBD", "PRCD", "ITAV", "XPCD", "closingBooked", "ZZZZ"].map(berlinGroupBalanceType)).toEqual([
      "openingBooked",
      "closingBooked",
      "closingBooked",
      "interimAvailable",
      "expected",
      "closingBooked",
      "ZZZZ",
    ]);
  });
});
