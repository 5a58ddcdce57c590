// Rules over a sync's new rows, worked out in the process that holds them: the sync has each row's
// bank values in hand, and testing 50 rules' conditions on them here costs microseconds a row, where
// the same tests in SQL (lib/rules/effect-sql.ts) took a third of the page's write. The SQL stays the
// one definition for stored rows (a row the bank changed, "apply to existing"); this file says the
// same thing of a row that has no person's edits and no earlier filing, which a property test checks
// against that SQL (testing/integration/rules/evaluate-agrees.integration.test.ts):
//   - a rule matches when every condition holds; a missing value never matches;
//   - the category is the first matching rule's that has one (source 'rule'), else the counterpart's
//     default (source 'counterpart'), else none;
//   - tags: every matching rule's, once each, in byte order (collation "C"); the note, and the counterpart to
//     bind, the first matching rule's that has one; marked a transfer if any matching rule says so.
// No server imports: a test runs it without a database.
import { compareDecimals, signOfDecimal } from "@/lib/money/decimal";
import { wordKey } from "@/lib/rules/compile";
import type { ParsedRule } from "@/lib/rules/parse";
import type { Condition } from "@/lib/rules/schemas";

/** What the conditions read of a row, as the sync stores it (lib/sync/bank-columns.ts). */
export type RowFacts = {
  accountId: string;
  amount: string;
  currency: string;
  creditorId: string | null;
  mandateId: string | null;
  bankTransactionCode: string | null;
  proprietaryBankTransactionCode: string | null;
  remittance: string | null;
  /** creditor, debtor, ultimate creditor, ultimate debtor: in that order, as the SQL joins them. */
  names: readonly (string | null)[];
};

/** The root of the row's counterpart (merges followed), its family and its default category. */
export type CounterpartFacts = { rootId: string; parentId: string | null; defaultCategoryId: string | null };

export type Filing = {
  categoryId: string | null;
  categorySource: "rule" | "counterpart" | null;
  categoryRuleId: string | null;
  tags: string[];
  note: string | null;
  transferOverride: boolean | null;
  boundCounterpartId: string | null;
};

// As ROW_TEXT folds a row's text: lower case, each run of spaces and punctuation one space, after a
// leading space, so " word" is a word's start.
const SEPARATORS = /[\s\p{P}\p{S}]+/gu;
const fold = (text: string) => ` ${text.toLowerCase().replace(SEPARATORS, " ")}`;

// Every rule's words in one index, so a row's text is walked once whatever the number of rules: at
// each word's start, only the keys filed under that place's head are compared. A key of one word is
// filed under its first two characters (it may start a longer word); a key of several words under
// its first word and the next character, which the text must hold exactly (a scope's words share
// their first word: "supplier 1", "supplier 2", …).
const headOf = (text: string, at: number, space: number) =>
  space === -1 ? text.slice(at, at + 2) : text.slice(at, space + 2);

class WordIndex {
  readonly keys: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly byHead = new Map<string, number[]>();

  /** The id of a word's key (compile.ts wordKey), added once. */
  add(word: string): number {
    const key = wordKey(word);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.push(key) - 1;
      this.ids.set(key, id);
      const head = headOf(key, 0, key.indexOf(" "));
      this.byHead.set(head, [...(this.byHead.get(head) ?? []), id]);
    }
    return id;
  }

  /** Which keys start a word of `text` (folded), as a flag a key id. */
  found(text: string): Uint8Array {
    const marks = new Uint8Array(this.keys.length);
    // An empty key (a word of punctuation only) is " " in LIKE: every folded text holds one.
    for (const id of this.byHead.get("") ?? []) marks[id] = 1;
    for (let space = text.indexOf(" "); space !== -1;) {
      const at = space + 1;
      const next = text.indexOf(" ", at);
      // The heads a key starting here can have: its first two characters, one, or this word and
      // the next character.
      for (const head of [
        text.slice(at, at + 2),
        text.slice(at, at + 1),
        next === -1 ? null : headOf(text, at, next),
      ]) {
        if (head === null) continue;
        for (const id of this.byHead.get(head) ?? []) if (text.startsWith(this.keys[id], at)) marks[id] = 1;
      }
      space = next;
    }
    return marks;
  }
}

type Texts = { remittance: Uint8Array; names: Uint8Array };
type Test = (row: RowFacts, cp: CounterpartFacts | null, texts: Texts) => boolean;

// Byte order of the UTF-8, as PostgreSQL's "C" collation sorts the SQL's tags (effect-sql.ts).
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function test(c: Condition, words: WordIndex): Test {
  switch (c.type) {
    case "counterpart":
      return (_, cp) =>
        cp !== null && (cp.rootId === c.counterpartId || (c.includeFamily && cp.parentId === c.counterpartId));
    case "words": {
      const ids = c.words.map((w) => words.add(w));
      const found = (marks: Uint8Array) => ids.some((id) => marks[id] === 1);
      if (c.in === "remittance") return (_, __, t) => found(t.remittance);
      if (c.in === "names") return (_, __, t) => found(t.names);
      return (_, __, t) => found(t.remittance) || found(t.names);
    }
    case "amount":
      return (row) => {
        const size = row.amount.replace(/^[-+]/, "");
        return (
          (c.min === undefined || compareDecimals(size, c.min) >= 0) &&
          (c.max === undefined || compareDecimals(size, c.max) <= 0)
        );
      };
    case "direction": {
      const sign = c.direction === "in" ? 1 : -1;
      return (row) => signOfDecimal(row.amount.replace(/^\+/, "")) === sign;
    }
    case "currency":
      return (row) => c.currencies.includes(row.currency);
    case "creditorId":
      return (row) => row.creditorId !== null && c.values.includes(row.creditorId);
    case "mandateId":
      return (row) => row.mandateId !== null && c.values.includes(row.mandateId);
    case "bankTransactionCode": {
      // ILIKE on a prefix: case-insensitive, from the code's start.
      const prefixes = c.codes.map((code) => code.toLowerCase());
      const starts = (code: string | null) => code !== null && prefixes.some((p) => code.toLowerCase().startsWith(p));
      return (row) => starts(row.bankTransactionCode) || starts(row.proprietaryBankTransactionCode);
    }
    case "account":
      return (row) => c.accountIds.includes(row.accountId);
  }
}

export type RuleEvaluator = {
  /** The row's filing. `failed` collects the rules whose tests threw (left out, as the SQL would be). */
  file(row: RowFacts, cp: CounterpartFacts | null, failed: Set<ParsedRule>): Filing;
};

/** The rules (in their order, lib/rules/engine.ts loadRules) compiled once for a page's rows. */
export function evaluator(rules: readonly ParsedRule[]): RuleEvaluator {
  const words = new WordIndex();
  const compiled = rules.map((rule) => ({ rule, tests: rule.conditions.map((c) => test(c, words)) }));
  const none = new Uint8Array(0);
  return {
    file(row, cp, failed) {
      const texts: Texts =
        words.keys.length > 0
          ? {
              remittance: words.found(fold(row.remittance ?? "")),
              names: words.found(fold(row.names.filter((n) => n !== null).join(" "))),
            }
          : { remittance: none, names: none };
      const hits: ParsedRule[] = [];
      for (const { rule, tests } of compiled) {
        if (failed.has(rule)) continue;
        try {
          if (tests.every((t) => t(row, cp, texts))) hits.push(rule);
        } catch {
          // Not swallowed: the rule is left out of the page and marked failed by the caller
          // (lib/sync/filing.ts, page-write.ts), as a rule whose SQL fails is.
          failed.add(rule);
        }
      }
      const first = <T>(pick: (r: ParsedRule) => T | undefined) => {
        for (const r of hits) {
          const value = pick(r);
          if (value !== undefined) return { rule: r, value };
        }
        return null;
      };
      const category = first((r) => r.actions.categoryId);
      const fallback = category ? null : (cp?.defaultCategoryId ?? null);
      const tags = [...new Set(hits.flatMap((r) => r.actions.addTags ?? []))].sort(byteOrder);
      return {
        categoryId: category?.value ?? fallback,
        categorySource: category ? "rule" : fallback ? "counterpart" : null,
        categoryRuleId: category?.rule.id ?? null,
        tags,
        note: first((r) => r.actions.note)?.value ?? null,
        transferOverride: hits.some((r) => r.actions.markTransfer) ? true : null,
        boundCounterpartId: first((r) => r.actions.bindCounterpartId)?.value ?? null,
      };
    },
  };
}
