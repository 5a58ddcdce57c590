// Which words the trigram index can look up (pg_trgm's rule for `%word%`, see hasTrigram), and that a
// search without such a word is answered by the ordered scan instead of an index read of everything.
import { describe, expect, it } from "vitest";
import { filterConditions, hasTrigram } from "@/lib/accounttracking/transactions/filter";

describe("hasTrigram", () => {
  it("finds a trigram in three letters or digits in a row", () => {
    for (const word of ["abc", "Rent", "b777777", "müller", "σοφια", "BE71096123456769", "mndt-77"]) {
      expect({ word, has: hasTrigram(word) }).toEqual({ word, has: true });
    }
  });

  it("counts pg_trgm's padding: two blanks before a part that something other than % precedes, one after", () => {
    // "81.48": "81" + a blank before the dot; ".5": two blanks before "5"; "a.b": two blanks before "b".
    for (const word of ["81.48", "81,48", ".5", "a.b", "%ab", "_1"]) {
      expect({ word, has: hasTrigram(word) }).toEqual({ word, has: true });
    }
  });

  it("finds none in one or two letters or digits, or in no letters or digits at all", () => {
    for (const word of ["ab", "12", "x", "%", "_", "--", "%%%", "ü"]) {
      expect({ word, has: hasTrigram(word) }).toEqual({ word, has: false });
    }
  });
});

describe("filterConditions", () => {
  it("leaves the words apart from the other conditions, and marks whether any can use the index", () => {
    const values: unknown[] = ["account"];
    const { where, search } = filterConditions({ q: "ab rent", fromDate: "2025-01-01" }, values);
    expect(where.some((c) => c.includes("search_text"))).toBe(false);
    expect(search?.indexable).toBe(true);
    expect(filterConditions({ q: "ab 12" }, ["account"]).search?.indexable).toBe(false);
    expect(filterConditions({ q: "  " }, ["account"]).search).toBeNull();
  });
});
