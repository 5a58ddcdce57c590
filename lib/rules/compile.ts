// A rule's conditions as one SQL predicate over a transaction `t`, its effective counterpart's root
// `r` (root_id, parent_id) and its searchable text `w` (lib/rules/effect-sql.ts: ROOT, ROW_TEXT). Every value goes in as a parameter: the text
// joined here is ours, whatever a rule says, so a rule runs as set-based SQL over a page's rows or a
// batch of an account's. No server imports: a test compiles without a database.
import { escapeLike } from "@/lib/db/like";
import type { Condition } from "@/lib/rules/schemas";

/** Collects a statement's values; `add` answers the placeholder of the value it took. */
export class Params {
  readonly values: unknown[];
  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

/**
 * A word as the row's text is searched (lib/rules/effect-sql.ts, ROW_TEXT): lower case, spaces and
 * punctuation as one space. Matched with LIKE, not a regular expression: PostgreSQL keeps 32
 * compiled expressions, and a scope's rules hold hundreds of words, so each row recompiled them.
 */
export const wordKey = (word: string) =>
  word
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, " ")
    .trim();

// `w`: the row's text as ROW_TEXT gives it, each field preceded by a space, so " word" is a word's start.
const WORD_COLUMNS = { remittance: ["w.remittance"], names: ["w.names"], any: ["w.remittance", "w.names"] } as const;

function predicate(c: Condition, p: Params): string {
  switch (c.type) {
    case "counterpart": {
      const id = p.add(c.counterpartId, "uuid");
      return c.includeFamily ? `(r.root_id = ${id} OR r.parent_id = ${id})` : `r.root_id = ${id}`;
    }
    case "words": {
      // A word's start: "loon" finds "Loonbetaling" and "LOON", not "ballon".
      const patterns = p.add(
        c.words.map((w) => `% ${escapeLike(wordKey(w))}%`),
        "text[]",
      );
      return `(${WORD_COLUMNS[c.in].map((col) => `${col} LIKE ANY(${patterns})`).join(" OR ")})`;
    }
    case "amount": {
      const bounds = [];
      if (c.min !== undefined) bounds.push(`abs(t.amount) >= ${p.add(c.min, "numeric")}`);
      if (c.max !== undefined) bounds.push(`abs(t.amount) <= ${p.add(c.max, "numeric")}`);
      return `(${bounds.join(" AND ")})`;
    }
    case "direction":
      return c.direction === "in" ? "t.amount > 0" : "t.amount < 0";
    case "currency":
      return `t.currency = ANY(${p.add(c.currencies, "text[]")})`;
    case "creditorId":
      return `t.creditor_id = ANY(${p.add(c.values, "text[]")})`;
    case "mandateId":
      return `t.mandate_id = ANY(${p.add(c.values, "text[]")})`;
    case "bankTransactionCode": {
      const prefixes = p.add(
        c.codes.map((code) => `${escapeLike(code)}%`),
        "text[]",
      );
      return `(t.bank_transaction_code ILIKE ANY(${prefixes}) OR t.proprietary_bank_transaction_code ILIKE ANY(${prefixes}))`;
    }
    case "account":
      return `t.account_id = ANY(${p.add(c.accountIds, "uuid[]")})`;
  }
}

/** The conditions, all of which must hold, as one predicate (NULL columns never match). */
export function compileConditions(conditions: readonly Condition[], p: Params): string {
  // Words last: AND stops at the first false, and a direction or an amount is cheaper to test.
  const ordered = [...conditions].sort((a, b) => Number(a.type === "words") - Number(b.type === "words"));
  return `(${ordered.map((c) => `coalesce(${predicate(c, p)}, false)`).join(" AND ")})`;
}
