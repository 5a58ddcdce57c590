// The filters of an account's transactions, shared by the list, its totals and its CSV export so the
// three always describe the same set. Rows are `t` (transactions) joined to their account `ta`.
import { escapeLike } from "@/lib/db/like";
import { amountOf, queryWords } from "@/lib/accounttracking/transactions/search-words";

export type TransactionsFilter = {
  fromDate?: string;
  toDate?: string;
  status?: "booked" | "pending";
  /**
   * Words each found in the bank's text fields (names, IBANs, remittance, references), or in the
   * name of the counterpart as the person set it up (its alias, or that of what it is consolidated
   * into), or, typed as a number ("81.48", "81,48"), equal to the amount's size.
   */
  q?: string;
  /** Bounds on the amount's size (money in or out alike), inclusive; decimal strings. */
  minAmount?: string;
  maxAmount?: string;
  direction?: "in" | "out";
  /** A category's rows, its children's included; `none`: rows without one. */
  category?: string;
  /** Rows carry their scope: filtering on it makes a foreign account read as empty, never as data. */
  scopeId?: string;
};

/**
 * The words' conditions, each word written two ways that select the same rows. The searched text is
 * `t.search_text`, a stored generated column (migration transaction_search_text): the lower-cased
 * bank text fields, note, tags and the IBANs without spaces, with a trigram index.
 */
export type WordSearch = {
  /** For a scan in key order: the counterpart names as one hashed lookup. */
  scan: string;
  /** For the index: every alternative an index condition, so the planner can OR bitmaps. */
  indexed: string;
  /**
   * Whether some word gives the trigram index something to look up (see `hasTrigram`); when none
   * does, the index would read itself whole and the ordered scan is the cheaper way.
   */
  indexable: boolean;
};

/** Conditions on `t` other than the words, and the words' conditions (null when there are none). */
export type FilterConditions = { where: string[]; search: WordSearch | null };

/**
 * Effective counterparts (a person's binding, else the derived one) whose name as set up matches
 * `p`: the roots whose alias (else bank name) matches, and everything consolidated into them. The
 * alias and name conditions can each use their trigram index.
 */
function namedCounterparts(scope: string, p: string): string {
  return `WITH RECURSIVE named AS (
      SELECT c.id FROM counterparts c
       WHERE c.scope_id = ${scope} AND c.merged_into_id IS NULL
         AND (c.alias ILIKE ${p} OR (c.alias IS NULL AND c.name ILIKE ${p}))
      UNION ALL
      SELECT c.id FROM counterparts c JOIN named ON c.merged_into_id = named.id WHERE c.scope_id = ${scope})
    SELECT id FROM named`;
}

/**
 * Whether pg_trgm finds a trigram in the pattern `%word%`: it splits the word at characters that are
 * not letters or digits, pads a part with two spaces in front when something other than the leading
 * `%` precedes it and one behind when something other than the trailing `%` follows, and takes
 * trigrams from parts of three characters or more. ("ab" has none; "abc", "81.48" and "a.b" do.)
 */
export function hasTrigram(word: string): boolean {
  for (const part of word.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = part.index;
    const end = start + part[0].length;
    const length = [...part[0]].length + (start > 0 ? 2 : 0) + (end < word.length ? 1 : 0);
    if (length >= 3) return true;
  }
  return false;
}

/** The words' conditions (every word must match one way or another), or null when `q` has no words. */
function wordSearch(filter: TransactionsFilter, values: unknown[], scope: string): WordSearch | null {
  const words = queryWords(filter.q);
  if (words.length === 0) return null;
  const scan: string[] = [];
  const indexed: string[] = [];
  for (const word of words) {
    const p = `$${values.push(`%${escapeLike(word)}%`)}`;
    // search_text is lower-cased as ILIKE lower-cases: `x ILIKE p` is `lower(x) LIKE lower(p)`.
    // A word has no spaces and the fields are joined by spaces, so it matches within one field.
    const text = `t.search_text LIKE lower(${p})`;
    const amount = amountOf(word);
    const size = amount ? ` OR abs(t.amount) = $${values.push(amount)}::numeric` : "";
    const effective = "coalesce(t.bound_counterpart_id, t.counterpart_id)";
    scan.push(`(${text} OR ${effective} IN (${namedCounterparts(scope, p)})${size})`);
    indexed.push(`(${text} OR ${effective} = ANY (ARRAY(${namedCounterparts(scope, p)}))${size})`);
  }
  return { scan: scan.join(" AND "), indexed: indexed.join(" AND "), indexable: words.some(hasTrigram) };
}

/** The conditions every listing shares (dates, status, direction, amounts). */
function sharedConditions(filter: TransactionsFilter, values: unknown[]): string[] {
  const where: string[] = [];
  if (filter.fromDate) where.push(`t.sort_date >= $${values.push(filter.fromDate)}`);
  if (filter.toDate) where.push(`t.sort_date <= $${values.push(filter.toDate)}`);
  if (filter.status) where.push(`t.status = $${values.push(filter.status)}::"TransactionStatus"`);
  if (filter.direction) where.push(filter.direction === "in" ? "t.amount > 0" : "t.amount < 0");
  if (filter.minAmount) where.push(`abs(t.amount) >= $${values.push(filter.minAmount)}::numeric`);
  if (filter.maxAmount) where.push(`abs(t.amount) <= $${values.push(filter.maxAmount)}::numeric`);
  if (filter.category === "none") where.push("t.category_id IS NULL");
  else if (filter.category) {
    const id = `$${values.push(filter.category)}::uuid`;
    // As an array, so the (scope_id, category_id, sort_date) index takes it as one condition.
    where.push(`t.category_id = ANY (ARRAY(SELECT c.id FROM categories c WHERE c.id = ${id} OR c.parent_id = ${id}))`);
  }
  return where;
}

/** Every condition as one list, the words in their index form (for aggregates over the whole set). */
export function allConditions({ where, search }: FilterConditions): string[] {
  return search ? [...where, search.indexed] : where;
}

/** Conditions for account `$1`; pushes their parameters onto `values`. */
export function filterConditions(filter: TransactionsFilter, values: unknown[]): FilterConditions {
  const where = ["t.account_id = $1", "t.removed_at IS NULL"];
  const scope = filter.scopeId
    ? `$${values.push(filter.scopeId)}::uuid`
    : "(SELECT scope_id FROM tracked_accounts WHERE id = $1::uuid)";
  if (filter.scopeId) where.push(`t.scope_id = ${scope}`);
  where.push(...sharedConditions(filter, values));
  return { where, search: wordSearch(filter, values, scope) };
}

/** Conditions for every account of scope `$1` (or the one `accountId` names); pushes their parameters. */
export function scopeFilterConditions(
  filter: TransactionsFilter & { accountId?: string },
  values: unknown[],
): FilterConditions {
  const where = ["t.scope_id = $1::uuid", "t.removed_at IS NULL"];
  if (filter.accountId) where.push(`t.account_id = $${values.push(filter.accountId)}::uuid`);
  where.push(...sharedConditions(filter, values));
  return { where, search: wordSearch(filter, values, "$1::uuid") };
}
