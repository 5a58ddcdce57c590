// A rule's conditions as one SQL predicate over a transaction `t` and its effective counterpart's
// root `r` (root_id, parent_id; lib/rules/rows-sql.ts). Every value goes in as a parameter: the text
// joined here is ours, whatever a rule says, so a rule runs as set-based SQL over a page's rows or a
// batch of an account's. No server imports: a test compiles without a database.
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

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

const NAMES = ["creditor_name", "debtor_name", "ultimate_creditor", "ultimate_debtor"].map((c) => `t.${c}`);
const WORD_COLUMNS = {
  remittance: ["t.remittance_information"],
  names: NAMES,
  any: ["t.remittance_information", ...NAMES],
} as const;

function predicate(c: Condition, p: Params): string {
  switch (c.type) {
    case "counterpart": {
      const id = p.add(c.counterpartId, "uuid");
      return c.includeFamily ? `(r.root_id = ${id} OR r.parent_id = ${id})` : `r.root_id = ${id}`;
    }
    case "words": {
      // \m is a word's start: "loon" finds "Loonbetaling" and "LOON", not "ballon".
      const patterns = p.add(
        c.words.map((w) => `\\m${escapeRegex(w)}`),
        "text[]",
      );
      return `(${WORD_COLUMNS[c.in].map((col) => `${col} ~* ANY(${patterns})`).join(" OR ")})`;
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
  return `(${conditions.map((c) => `coalesce(${predicate(c, p)}, false)`).join(" AND ")})`;
}
