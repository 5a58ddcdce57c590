import { describe, expect, it } from "vitest";
import { accountsFor } from "@/sandbox/bank/data/accounts";
import { BANKS } from "@/sandbox/bank/data/banks";
import { isValidCreditorId, sepaCreditorId } from "@/sandbox/bank/data/creditor-id";
import { IBAN_LENGTH, isValidIban, makeIban, nationalChecks, partyIban } from "@/sandbox/bank/data/iban";
import { resolveUser } from "@/sandbox/bank/data/users";

const alice = resolveUser("alice");
if (!alice.ok) throw new Error("alice must resolve");

describe("IBANs", () => {
  it("accepts published example IBANs and rejects a changed digit", () => {
    for (const iban of [
      "BE68539007547034",
      "NL91ABNA0417164300",
      "DE89370400440532013000",
      "FR1420041010050500013M02606",
      "ES9121000418450200051332",
      "IT60X0542811101000000123456",
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("BE6853900754703")).toBe(false);
  });

  it.each(BANKS.map((b) => [b.bankId, b] as const))("%s issues valid IBANs of its country's length", (_id, bank) => {
    for (const account of accountsFor(bank, alice.profile)) {
      expect(account.iban.startsWith(bank.countryCode)).toBe(true);
      expect(account.iban).toHaveLength(IBAN_LENGTH[bank.countryCode]);
      expect(isValidIban(account.iban)).toBe(true);
    }
  });

  it("computes the national checks: Belgian mod 97, French clé RIB, Spanish DC, Italian CIN", () => {
    const be = makeIban("BE", { bank: "731" }, "seed-1").slice(4);
    expect(Number(BigInt(be.slice(0, 10)) % 97n) || 97).toBe(Number(be.slice(10)));
    expect(nationalChecks.frRibKey("30006", "00001", "12345678901")).toBe("89");
    expect(nationalChecks.esControl("0021000418")).toBe("4");
    expect(nationalChecks.esControl("0200051332")).toBe("5");
    expect(nationalChecks.itCin("0542811101000000123456")).toBe("X");
  });

  it("gives NL IBANs a four-letter bank code and counterparties valid IBANs in their own country", () => {
    expect(makeIban("NL", { bank: "GRCH" }, "x")).toMatch(/^NL\d{2}GRCH\d{10}$/);
    for (const c of ["BE", "NL", "DE", "FR", "ES", "IT", "IE", "LU"] as const) {
      const iban = partyIban(c, `party-${c}`);
      expect(iban).toHaveLength(IBAN_LENGTH[c]);
      expect(isValidIban(iban)).toBe(true);
    }
  });
});

describe("SEPA creditor identifiers", () => {
  it("accepts the published example and generates valid ones per country", () => {
    expect(isValidCreditorId("DE98ZZZ09999999999")).toBe(true);
    expect(isValidCreditorId("DE99ZZZ09999999999")).toBe(false);
    for (const c of ["BE", "NL", "DE", "FR", "ES", "IT"])
      expect(isValidCreditorId(sepaCreditorId(c, "landlord"))).toBe(true);
  });
});
