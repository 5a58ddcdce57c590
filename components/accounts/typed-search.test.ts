import { describe, expect, it } from "vitest";
import { searchWords, showsWords } from "@/components/accounts/typed-search";

const row = {
  amount: "-1200.00",
  counterpartName: "Carrefour Market",
  counterpartIban: "BE71 0961 2345 6769",
  creditorName: "Carrefour Market",
  creditorIban: "BE71 0961 2345 6769",
  ultimateCreditor: null,
  debtorName: null,
  debtorIban: null,
  ultimateDebtor: null,
  remittanceInformation: "Groceries week 47",
  creditorId: null,
  mandateId: null,
  endToEndId: null,
  note: "split with Ana",
  tags: ["food"],
};

describe("the typed search on loaded rows", () => {
  it("splits as the server does: whitespace, lower case, at most 8 words", () => {
    expect(searchWords("  Carrefour   WEEK ")).toEqual(["carrefour", "week"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("   ")).toEqual([]);
  });

  it("keeps a row when every word is in a field, the shown name, the IBAN without spaces or is the amount", () => {
    expect(showsWords(row, searchWords("carre groceries"))).toBe(true);
    expect(showsWords(row, searchWords("BE710961"))).toBe(true);
    expect(showsWords(row, searchWords("food ana"))).toBe(true);
    expect(showsWords(row, searchWords("1200"))).toBe(true);
    expect(showsWords(row, searchWords("1200,00"))).toBe(true);
    expect(showsWords(row, searchWords("supermarket"), "My supermarket")).toBe(true);
  });

  it("drops a row when one word is in none of them", () => {
    expect(showsWords(row, searchWords("carrefour rent"))).toBe(false);
    expect(showsWords(row, searchWords("120"))).toBe(false);
    expect(showsWords(row, searchWords("1200.01"))).toBe(false);
  });

  it("keeps every row when nothing is typed", () => {
    expect(showsWords(row, [])).toBe(true);
  });
});
