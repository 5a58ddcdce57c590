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
import { compareScaled, isDecimal, parseDecimal, type Scaled, signOfDecimal } from "@/lib/money/decimal";
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

  /** The ids of the keys that start a word of `text` (folded), each once. */
  found(text: string): readonly number[] {
    const hits: number[] = [];
    // An empty key (a word of punctuation only) is " " in LIKE: every folded text holds one.
    this.mark(hits, text, "", 0);
    for (let space = text.indexOf(" "); space !== -1;) {
      const at = space + 1;
      const next = text.indexOf(" ", at);
      // The heads a key starting here can have: its first two characters, one, or this word and
      // the next character.
      this.mark(hits, text, text.slice(at, at + 2), at);
      this.mark(hits, text, text.slice(at, at + 1), at);
      if (next !== -1) this.mark(hits, text, headOf(text, at, next), at);
      space = next;
    }
    return hits;
  }

  /** Adds to `hits` the keys filed under `head` that `text` holds at `at`. */
  private mark(hits: number[], text: string, head: string, at: number) {
    const ids = this.byHead.get(head);
    if (ids === undefined) return;
    for (const id of ids) if (!hits.includes(id) && text.startsWith(this.keys[id], at)) hits.push(id);
  }
}

/** The rules' words found in a row's texts (few: a row holds a handful of a scope's words). */
type Texts = { remittance: readonly number[]; names: readonly number[] };

/** A value read, or why it could not be (thrown at each test that reads it, as reading it again would). */
type Read<T> = { value: T } | { error: unknown };

function read<T>(reading: () => T): Read<T> {
  try {
    return { value: reading() };
  } catch (error) {
    return { error };
  }
}

function valueOf<T>(read: Read<T>): T {
  if ("error" in read) throw read.error;
  return read.value;
}

/**
 * A row as the tests read it: its facts, its counterpart, the words found in its texts, and its
 * amount, read once for all the rules that test it.
 */
class Reading {
  private sized: Read<Scaled> | undefined;
  private readonly signed: Read<-1 | 0 | 1>;
  /** Whether no test can throw on this row's amount (a bank's amount always reads). */
  readonly readable: boolean;
  constructor(
    readonly row: RowFacts,
    readonly cp: CounterpartFacts | null,
    readonly texts: Texts,
  ) {
    this.signed = read(() => signOfDecimal(row.amount.replace(/^\+/, "")));
    this.readable = !("error" in this.signed) && isDecimal(row.amount.replace(/^[-+]/, ""));
  }

  /** The amount without its sign, as `abs(amount)` reads it (read when first asked for). */
  size(): Scaled {
    this.sized ??= read(() => parseDecimal(this.row.amount.replace(/^[-+]/, "")));
    return valueOf(this.sized);
  }

  /** The amount's sign ("-0.00" is 0). */
  sign(): -1 | 0 | 1 {
    return valueOf(this.signed);
  }
}
type Test = (reading: Reading) => boolean;

// Byte order of the UTF-8, as PostgreSQL's "C" collation sorts the SQL's tags (effect-sql.ts).
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function test(c: Condition, words: WordIndex): Test {
  switch (c.type) {
    case "counterpart":
      return ({ cp }) =>
        cp !== null && (cp.rootId === c.counterpartId || (c.includeFamily && cp.parentId === c.counterpartId));
    case "words": {
      const ids = c.words.map((w) => words.add(w));
      const found = (hits: readonly number[]) => ids.some((id) => hits.includes(id));
      if (c.in === "remittance") return ({ texts }) => found(texts.remittance);
      if (c.in === "names") return ({ texts }) => found(texts.names);
      return ({ texts }) => found(texts.remittance) || found(texts.names);
    }
    case "amount": {
      // The bounds read once; a malformed one throws at each test, as comparing it would.
      const [min, max] = [c.min, c.max].map((bound) =>
        bound === undefined ? undefined : read(() => parseDecimal(bound)),
      );
      return (reading) =>
        (min === undefined || compareScaled(reading.size(), valueOf(min)) >= 0) &&
        (max === undefined || compareScaled(reading.size(), valueOf(max)) <= 0);
    }
    case "direction": {
      const sign = c.direction === "in" ? 1 : -1;
      return (reading) => reading.sign() === sign;
    }
    case "currency":
      return ({ row }) => c.currencies.includes(row.currency);
    case "creditorId":
      return ({ row }) => row.creditorId !== null && c.values.includes(row.creditorId);
    case "mandateId":
      return ({ row }) => row.mandateId !== null && c.values.includes(row.mandateId);
    case "bankTransactionCode": {
      // ILIKE on a prefix: case-insensitive, from the code's start.
      const prefixes = c.codes.map((code) => code.toLowerCase());
      const starts = (code: string | null) => code !== null && prefixes.some((p) => code.toLowerCase().startsWith(p));
      return ({ row }) => starts(row.bankTransactionCode) || starts(row.proprietaryBankTransactionCode);
    }
    case "account":
      return ({ row }) => c.accountIds.includes(row.accountId);
  }
}

/** The names a row's words are looked for in, joined as the SQL joins them. */
function namesOf(row: RowFacts): string {
  let names = "";
  for (const name of row.names) if (name !== null) names = names === "" ? name : `${names} ${name}`;
  return names;
}

/**
 * What the matching rules (in their order) do to a row: the first category (else the counterpart's
 * default), every tag once in byte order, the first note and counterpart to bind, a transfer if any says so.
 */
function filingOf(hits: readonly ParsedRule[], cp: CounterpartFacts | null): Filing {
  let category: ParsedRule | undefined;
  let note: ParsedRule | undefined;
  let bind: ParsedRule | undefined;
  let transfer = false;
  const tags: string[] = [];
  for (const rule of hits) {
    const { actions } = rule;
    if (category === undefined && actions.categoryId !== undefined) category = rule;
    if (note === undefined && actions.note !== undefined) note = rule;
    if (bind === undefined && actions.bindCounterpartId !== undefined) bind = rule;
    if (actions.markTransfer) transfer = true;
    for (const tag of actions.addTags ?? []) if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > 1) tags.sort(byteOrder);
  const fallback = category ? null : (cp?.defaultCategoryId ?? null);
  return {
    categoryId: category?.actions.categoryId ?? fallback,
    categorySource: category ? "rule" : fallback ? "counterpart" : null,
    categoryRuleId: category?.id ?? null,
    tags,
    note: note?.actions.note ?? null,
    transferOverride: transfer ? true : null,
    boundCounterpartId: bind?.actions.bindCounterpartId ?? null,
  };
}

export type RuleEvaluator = {
  /**
   * The row's filing (the same object for rows filed alike: read it, never change it). `failed`
   * collects the rules whose tests threw (left out, as the SQL would be).
   */
  file(row: RowFacts, cp: CounterpartFacts | null, failed: Set<ParsedRule>): Filing;
};

/** How many searched names and filings an evaluator keeps at most. */
const KEPT = 10_000;

/** Whether an amount condition has a bound no decimal reading accepts (its tests then throw). */
const unreadableBound = (c: Condition) =>
  c.type === "amount" &&
  [c.min, c.max].some((bound) => bound !== undefined && "error" in read(() => parseDecimal(bound)));

/** The rules (in their order, lib/rules/engine.ts loadRules) compiled once for a page's rows. */
export function evaluator(rules: readonly ParsedRule[]): RuleEvaluator {
  const words = new WordIndex();
  const compiled = rules.map((rule) => ({ rule, tests: rule.conditions.map((c) => test(c, words)) }));
  // Which rules a row is tested against. A rule that asks for words is tested only on rows holding
  // one of them (most rules do: a row is then tested against a few rules, not all). Skipping a rule
  // whose words are missing changes its answer (no match) and nothing else, as long as none of its
  // tests could have thrown: so only on a row whose amount reads (Reading.readable) and for a rule
  // whose bounds read. Other rules, and every rule on another row, are tested as they are.
  const always: number[] = [];
  const byWord = new Map<number, number[]>();
  compiled.forEach(({ rule }, index) => {
    const gate = rule.conditions.find((c) => c.type === "words");
    if (gate === undefined || rule.conditions.some(unreadableBound)) always.push(index);
    else for (const id of gate.words.map((w) => words.add(w))) byWord.set(id, [...(byWord.get(id) ?? []), index]);
  });
  const none: readonly number[] = [];
  // A page names the same parties many times: each party's names are searched once.
  const searched = new Map<string, readonly number[]>();
  const searchNames = (names: string) => {
    let found = searched.get(names);
    if (found === undefined) {
      found = words.found(fold(names));
      // Kept across the pages of a run (lib/rules/engine.ts RulesSeen), so bounded: a run may name many parties.
      if (searched.size >= KEPT) searched.clear();
      searched.set(names, found);
    }
    return found;
  };
  // The filings made so far, by the rules that matched and the counterpart's default: a page has few.
  const filings = new Map<string, Filing>();
  // Which rules the row at hand is tested against (1), set anew for each row.
  const tested = new Uint8Array(compiled.length);
  const letThrough = (found: readonly number[]) => {
    for (const id of found) for (const index of byWord.get(id) ?? []) tested[index] = 1;
  };
  return {
    file(row, cp, failed) {
      const texts: Texts =
        words.keys.length > 0
          ? { remittance: words.found(fold(row.remittance ?? "")), names: searchNames(namesOf(row)) }
          : { remittance: none, names: none };
      const reading = new Reading(row, cp, texts);
      tested.fill(reading.readable ? 0 : 1);
      if (reading.readable) {
        for (const index of always) tested[index] = 1;
        letThrough(texts.remittance);
        letThrough(texts.names);
      }
      const hits: ParsedRule[] = [];
      let key = "";
      for (let index = 0; index < compiled.length; index += 1) {
        const { rule, tests } = compiled[index];
        if (tested[index] === 0 || failed.has(rule)) continue;
        try {
          if (tests.every((t) => t(reading))) {
            hits.push(rule);
            key += `${index},`;
          }
        } catch {
          // Not swallowed: the rule is left out of the page and marked failed by the caller
          // (lib/sync/filing.ts, page-write.ts), as a rule whose SQL fails is.
          failed.add(rule);
        }
      }
      // The same rules (and the same counterpart default) file the same way: one filing for all.
      key += `|${cp?.defaultCategoryId ?? ""}`;
      let filing = filings.get(key);
      if (filing === undefined) {
        filing = filingOf(hits, cp);
        if (filings.size >= KEPT) filings.clear();
        filings.set(key, filing);
      }
      return filing;
    },
  };
}
