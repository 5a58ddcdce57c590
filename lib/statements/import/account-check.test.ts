// Whether a statement names the tracked account: by IBAN, by a domestic id inside the account's
// IBAN, or not at all; and the currency of the file, its entries and balances.
import { describe, expect, it } from "vitest";
import { isStatementFileError } from "@/lib/statements/errors";
import type { StatementHeader } from "@/lib/statements/model";
import { assertStatementBelongs, maskedId, otherIdMatches } from "./account-check";

const header = (account: Partial<StatementHeader["account"]>): StatementHeader => ({
  format: "mt940",
  version: "MT940",
  statementId: "S1",
  sequenceNumber: null,
  account: {
    iban: null,
    otherId: null,
    currency: null,
    ownerName: null,
    servicerBic: null,
    servicerName: null,
    ...account,
  },
  balances: [],
  origin: { line: 4, ordinal: 2, path: null },
});

const refusal = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    if (isStatementFileError(error)) return error.message;
    throw error;
  }
  return "accepted";
};

describe("a statement's account", () => {
  const account = { iban: "DE89 3704 0044 0532 0130 00", currency: "EUR" };

  it("by IBAN: equal, spaces and case aside; another IBAN is refused naming the statement's line and both ends", () => {
    expect(refusal(() => assertStatementBelongs(header({ iban: "de89370400440532013000" }), account))).toBe("accepted");
    expect(refusal(() => assertStatementBelongs(header({ iban: "DE02120300000000202051" }), account))).toBe(
      "line 4: statement 2 (S1) is for the account …2051, not this account (…3000): import it into that account",
    );
  });

  it("by a domestic id: bank code and account number in order inside the IBAN, leading zeros dropped", () => {
    expect(otherIdMatches("37040044/0532013000", account.iban)).toBe(true);
    expect(otherIdMatches("0532013000", account.iban)).toBe(true);
    expect(otherIdMatches("37040044/0532013001", account.iban)).toBe(false);
    // Both parts there, but in the wrong order: not this account.
    expect(otherIdMatches("532013000/37040044", account.iban)).toBe(false);
    expect(otherIdMatches("0000", account.iban)).toBe(false);
    // An id shaped like an IBAN is compared as one.
    expect(otherIdMatches("DE89370400440532013000", account.iban)).toBe(true);
    expect(otherIdMatches("NL30ABNA000000000000", account.iban)).toBe(false);
  });

  it("named not at all, or an account without an IBAN: the person's choice stands", () => {
    expect(refusal(() => assertStatementBelongs(header({}), account))).toBe("accepted");
    expect(
      refusal(() =>
        assertStatementBelongs(header({ iban: "DE02120300000000202051" }), { iban: null, currency: "EUR" }),
      ),
    ).toBe("accepted");
  });

  it("in another currency: refused", () => {
    expect(refusal(() => assertStatementBelongs(header({ currency: "CHF" }), account))).toBe(
      "line 4: statement 2 (S1) is in CHF, but this account is in EUR",
    );
  });

  it("masks an id to its last four characters", () => {
    expect(maskedId("NL91 ABNA 0417 1643 00")).toBe("…4300");
    expect(maskedId("123")).toBe("123");
  });
});
