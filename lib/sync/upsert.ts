// The page upsert: one statement over unnest()ed arrays, for the rows of a page that are new or may
// have changed (lib/sync/ingest.ts sends only those). A row is written only when it is new or
// something the bank says changed (pending → booked, a corrected amount), never silently skipped, or
// when only its content_hash is missing or stale (a row stored before the hash existed): then only
// the hash is new, and nothing a reader sees moves (no change number, no figures, no updated_at).
import type { PoolClient } from "pg";
import type { BankTransaction } from "@/lib/banking/types";
import { ROOT } from "@/lib/rules/effect-sql";
import type { RuleEvaluator } from "@/lib/rules/evaluate";
import type { ParsedRule } from "@/lib/rules/parse";
import { COLUMNS, valueOf } from "@/lib/sync/bank-columns";
import { fileRows, type PartyFacts } from "@/lib/sync/filing";

/**
 * `written`: the ids of the rows the rules have still to see: those changed, those still without a
 * counterpart, and those added unless they were filed as they were inserted.
 */
export type UpsertCounts = { added: number; updated: number; unresolved: string[]; written: string[] };

/**
 * Who writes the rows: a sync run (`runId`: the bank listed them), or a statement import (`runId`
 * null: a file brought them, lib/statements/import). An import's rows are stored with no run and
 * `seen_by_bank` false, each with the file's ids and facts (`statement` on the row).
 */
export type WriteTarget = { scopeId: string; accountId: string; runId: string | null };

/** What a statement file says of a row beyond the bank columns: its import, its reference in the file, its facts. */
export type StatementSource = { importId: string; entryRef: string; facts: unknown };

/** A row to write: what the bank (or a file, in the bank's terms) says, and for a file's row, the file's ids. */
export type RowToWrite = BankTransaction & { statement?: StatementSource };

// How a statement names the account in its per-row probe of the (account_id, external_id) key, inside
// a LATERAL subquery kept apart by OFFSET 0 (flattened, the probe became a hash join reading the whole
// account). The id is the output of an InitPlan, a value the planner cannot see: it then estimates an
// average account, and only the unique key's index finds one row. Given the id itself, it looked it up
// in the statistics, where an account that is new or grew since the last ANALYZE (every account during
// its first sync) has about no rows, and it probed an account_id-led index instead, reading the whole
// account for each row (seen: 17 s for one page of 1,000 on an account of 54,000 rows).
export const PROBE_ACCOUNT = (param: string) => `(SELECT ${param}::uuid)`;

const CHANGE_COLUMNS = COLUMNS.map(([c]) => c).filter((c) => c !== "external_id");

// A page names few parties many times (a supermarket, a payroll, a card processor), so each distinct
// party of the page is keyed and resolved once and its rows join it by ordinal: the match keys'
// regular expressions and the key probes run per party, not per row. The keys come from the database
// function counterpart_party_keys, the same one assign_counterparts uses, so both paths derive them
// identically (it reads only the amount's sign, passed as ±1).
const PARTY_COLUMNS = [
  "creditor_name",
  "creditor_iban",
  "ultimate_creditor",
  "debtor_name",
  "debtor_iban",
  "ultimate_debtor",
  "creditor_id",
  "mandate_id",
] as const;
const PARTY_VALUES = PARTY_COLUMNS.map(valueOf);
// The parties statement's parameters: the scope ($1), the parties' signs, an array a party field.
const PARTY_PARAM = { debit: 2, field: (i: number) => 3 + i };
// The upsert's: the target ($1–$3), an array a column, the rows' hashes, their counterparts, whether to
// record the rows as seen by the run, each row's filing (an ordinal into the page's distinct filings)
// and those filings' arrays (FILING_COLUMNS), then whether the bank listed the rows and the statement
// file's arrays (STATEMENT_COLUMNS).
const PARAM = {
  column: (i: number) => 4 + i,
  hash: 4 + COLUMNS.length,
  cp: 5 + COLUMNS.length,
  recordSeen: 6 + COLUMNS.length,
  filingOrdinal: 7 + COLUMNS.length,
  filing: (i: number) => 8 + COLUMNS.length + i,
  seenByBank: 8 + COLUMNS.length + 7,
  statement: (i: number) => 9 + COLUMNS.length + 7 + i,
};

const KEYED = `
  SELECT p.ord, k.iban, k.cid, k.mandate, k.name_key
    FROM unnest($${PARTY_PARAM.debit}::boolean[], ${PARTY_COLUMNS.map((_, i) => `$${PARTY_PARAM.field(i)}::text[]`).join(", ")})
         WITH ORDINALITY AS p(debit, ${PARTY_COLUMNS.join(", ")}, ord)
    CROSS JOIN LATERAL counterpart_party_keys(CASE WHEN p.debit THEN -1 ELSE 1 END, ${PARTY_COLUMNS.map((c) => `p.${c}`).join(", ")}) k`;

// A row whose every key is already known is assigned here, in the upsert, so the common case writes
// each row once; each key is one primary-key probe (counterpart_key_owner), whatever the statistics.
// A row with any unknown key stays NULL: assign_counterparts then creates or extends counterparts (it
// learns new keys), for those rows only.
const RESOLVED = `
  SELECT k.ord,
         CASE WHEN (k.iban IS NULL OR ki.counterpart_id IS NOT NULL) AND (k.cid IS NULL OR kc.counterpart_id IS NOT NULL)
               AND (k.mandate IS NULL OR km.counterpart_id IS NOT NULL) AND (k.name_key IS NULL OR kn.counterpart_id IS NOT NULL)
              THEN coalesce(ki.counterpart_id, kc.counterpart_id, km.counterpart_id, kn.counterpart_id) END AS cp
    FROM keyed k
    LEFT JOIN LATERAL counterpart_key_owner($1, 'iban', k.iban) ki ON true
    LEFT JOIN LATERAL counterpart_key_owner($1, 'creditor_id', k.cid) kc ON true
    LEFT JOIN LATERAL counterpart_key_owner($1, 'mandate', k.mandate) km ON true
    LEFT JOIN LATERAL counterpart_key_owner($1, 'name', k.name_key) kn ON true`;

// What the bank says of a row, as it compares: the amount as text, so a new scale (1150 → 1150.00)
// is stored as the bank now writes it (decimal strings keep their scale).
const compared = (alias: string) =>
  `(${CHANGE_COLUMNS.map((c) => (c === "amount" ? `${alias}.amount::text` : `${alias}.${c}`)).join(", ")})`;
const CHANGED = `${compared("transactions")} IS DISTINCT FROM ${compared("EXCLUDED")}`;

// Each distinct party of the page with its counterpart when every key is known (RESOLVED), whether it
// names no key at all (then no counterpart will ever come), and its counterpart's root (merges
// followed), family and default category: what filing the page's new rows reads (lib/sync/filing.ts).
const PARTIES = `
WITH keyed AS (${KEYED}
), resolved AS (${RESOLVED}
)
SELECT t.ord, t.counterpart_id AS cp, r.root_id, r.parent_id, r.default_category_id,
       (k.iban IS NULL AND k.cid IS NULL AND k.mandate IS NULL AND k.name_key IS NULL) AS keyless
  FROM (SELECT ord, cp AS counterpart_id, NULL::uuid AS bound_counterpart_id FROM resolved) t
  JOIN keyed k ON k.ord = t.ord ${ROOT}
 ORDER BY t.ord`;

// What filing writes of a new row beyond the bank's columns (lib/sync/filing.ts): one array a column
// over the page's distinct filings, which each row picks by its ordinal (NULL: not filed, so every
// column NULL and no tags); the tags as one array literal a filing.
const FILING_COLUMNS = [
  ["category_id", "uuid"],
  ["category_source", "category_source"],
  ["category_rule_id", "uuid"],
  ["tags", "text"],
  ["note", "text"],
  ["transfer_override", "boolean"],
  ["bound_counterpart_id", "uuid"],
] as const;
const FILED = FILING_COLUMNS.map(([c]) => c);
const filingOf = (column: string, type: string, param: number) =>
  column === "tags"
    ? `coalesce(($${param}::text[])[i.filing]::text[], '{}') AS tags`
    : `($${param}::${type}[])[i.filing] AS ${column}`;

// A statement file's ids and facts on the rows an import writes (NULL on the sync's rows).
const STATEMENT_COLUMNS = [
  ["statement_import_id", "uuid"],
  ["statement_entry_ref", "text"],
  ["statement_facts", "jsonb"],
] as const;

const UPSERT = `
WITH input AS (
  SELECT ${COLUMNS.map(([c]) => `i.${c}`).join(", ")}, decode(i.hash_hex, 'hex') AS content_hash, i.cp,
         i.filing IS NOT NULL AS filed, ${FILING_COLUMNS.map(([c, type], k) => filingOf(c, type, PARAM.filing(k))).join(", ")}
         , ${STATEMENT_COLUMNS.map(([c]) => `i.${c}`).join(", ")}
    FROM unnest(${COLUMNS.map(([, type], i) => `$${PARAM.column(i)}::${type}[]`).join(", ")}, $${PARAM.hash}::text[], $${PARAM.cp}::uuid[],
                $${PARAM.filingOrdinal}::int[],
                ${STATEMENT_COLUMNS.map(([, type], i) => `$${PARAM.statement(i)}::${type}[]`).join(", ")})
      AS i(${COLUMNS.map(([c]) => c).join(", ")}, hash_hex, cp, filing,
           ${STATEMENT_COLUMNS.map(([c]) => c).join(", ")})
), seen AS (
  INSERT INTO sync_run_pages (run_id, external_ids)
  SELECT $3, ids FROM (SELECT array_agg(external_id) AS ids FROM input) a WHERE $${PARAM.recordSeen}::boolean
), numbered AS (
  -- Each row's change-feed number, taken here rather than by the insert trigger, which skips a row
  -- that arrives numbered (migration change_feed_numbered_inserts): first the feed's writer lock,
  -- once, a one-time filter evaluated before any row is read; then a number per row, as the trigger
  -- would take it. A row that meets a stored one leaves its number unused (a gap, as a rollback
  -- leaves); the update trigger numbers what it changes.
  SELECT i.*, nextval('transaction_change_seq') AS change_seq
    FROM input i
   WHERE (SELECT change_feed_lock($1::uuid, $2::uuid)::text IS NOT NULL)
), upserted AS (
  INSERT INTO transactions (id, scope_id, account_id, first_seen_run_id, last_seen_run_id, ${COLUMNS.map(([c]) => c).join(", ")}, content_hash, counterpart_id, updated_at, change_seq, created_seq, ${FILED.join(", ")},
                            seen_by_bank, ${STATEMENT_COLUMNS.map(([c]) => c).join(", ")})
  SELECT gen_random_uuid(), $1, $2, $3, $3, ${COLUMNS.map(([c]) => `i.${c}`).join(", ")}, i.content_hash, i.cp, now(), i.change_seq, i.change_seq, ${FILED.map((c) => `i.${c}`).join(", ")},
         $${PARAM.seenByBank}::boolean, ${STATEMENT_COLUMNS.map(([c]) => `i.${c}`).join(", ")}
    FROM numbered i
  ON CONFLICT (account_id, external_id) DO UPDATE SET
    ${CHANGE_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(",\n    ")},
    content_hash = EXCLUDED.content_hash,
    -- A file's write (no run) keeps the run that last wrote the row, and a row once listed by the
    -- bank stays so; a file's ids, once on a row, stay with it. For the sync's writes these are as before.
    last_seen_run_id = coalesce(EXCLUDED.last_seen_run_id, transactions.last_seen_run_id),
    seen_by_bank = transactions.seen_by_bank OR EXCLUDED.seen_by_bank,
    ${STATEMENT_COLUMNS.map(([c]) => `${c} = coalesce(transactions.${c}, EXCLUDED.${c})`).join(",\n    ")},
    removed_at = NULL,
    -- What the bank changed is derived again; an unchanged row keeps its counterpart.
    counterpart_id = CASE WHEN ${CHANGED} THEN EXCLUDED.counterpart_id
                          ELSE coalesce(transactions.counterpart_id, EXCLUDED.counterpart_id) END,
    updated_at = CASE WHEN ${CHANGED} THEN now() ELSE transactions.updated_at END
  -- What is written of a stored row, tested at its row lock: a row the bank changed, back after a
  -- removal, still without a counterpart, or with a missing or stale hash. Equal rows are not written
  -- (a row another writer made equal to the page since, too); they are locked, which is why the rows
  -- of a page that may be unchanged are compared by hash first and only the differing ones sent here.
  WHERE ${CHANGED} OR transactions.removed_at IS NOT NULL
     OR (transactions.counterpart_id IS NULL AND EXCLUDED.counterpart_id IS NOT NULL)
     OR transactions.content_hash IS DISTINCT FROM EXCLUDED.content_hash
  -- updated_at is timestamptz(3): compare at the precision it is stored with.
  RETURNING id, external_id, counterpart_id, (xmax = 0) AS inserted, updated_at = now()::timestamptz(3) AS touched
)
SELECT count(*) FILTER (WHERE u.inserted)::int AS added,
       count(*) FILTER (WHERE NOT u.inserted AND u.touched)::int AS updated,
       coalesce(array_agg(u.external_id) FILTER (WHERE u.counterpart_id IS NULL), '{}') AS unresolved,
       -- What the rules pass has still to see: a stored row the bank changed or still without a
       -- counterpart, a new row not filed as it was inserted.
       coalesce(array_agg(u.id) FILTER (WHERE CASE WHEN u.inserted THEN NOT i.filed ELSE u.touched OR u.counterpart_id IS NULL END), '{}') AS written
  FROM upserted u JOIN input i ON i.external_id = u.external_id`;

type PartyRow = {
  ord: string;
  cp: string | null;
  root_id: string | null;
  parent_id: string | null;
  default_category_id: string | null;
  keyless: boolean;
};

/** Each distinct party of the page (partiesOf) with its counterpart's facts, in ordinal order. */
async function resolveParties(
  client: PoolClient,
  scopeId: string,
  parties: ReturnType<typeof partiesOf>["parties"],
): Promise<PartyFacts[]> {
  const { rows } = await client.query<PartyRow>(PARTIES, [
    scopeId,
    parties.map((p) => p.debit),
    ...PARTY_COLUMNS.map((_, col) => parties.map((party) => party.fields[col])),
  ]);
  return rows.map((r) => ({
    cp: r.cp,
    keyless: r.keyless,
    counterpart: r.root_id
      ? { rootId: r.root_id, parentId: r.parent_id, defaultCategoryId: r.default_category_id }
      : null,
  }));
}

/**
 * Upserts rows (unique by external id; `values` are their rowValues, `hashes` their contentHash)
 * inside the caller's transaction. A row written only for its hash counts as neither added nor updated.
 * With `recordSeen`, the rows are also what the run saw of the page (sync_run_pages); a statement
 * import (`runId` null) never records them there. With `rules`
 * (the scope's enabled rules compiled, lib/rules/engine.ts RulesSeen), new rows whose counterpart is known (or
 * that name no party) are filed as they are inserted (lib/sync/filing.ts), and `failed` names the
 * rules that could not run on them; without, every new row is left to the rules pass.
 */
export async function upsertRows(
  client: PoolClient,
  target: WriteTarget,
  rows: { transactions: RowToWrite[]; values: (string | null)[][]; hashes: string[] },
  recordSeen: boolean,
  rules?: RuleEvaluator,
): Promise<UpsertCounts & { failed: ParsedRule[] }> {
  const { parties, ordinals } = partiesOf(rows.transactions);
  const facts = await resolveParties(client, target.scopeId, parties);
  const party = (row: number) => facts[ordinals[row] - 1];
  const { columns, failed } = fileRows(target.accountId, rows.values, party, rules);
  const { rows: result } = await client.query<UpsertCounts>(UPSERT, [
    target.scopeId,
    target.accountId,
    target.runId,
    ...COLUMNS.map((_, col) => rows.values.map((r) => r[col])),
    rows.hashes,
    rows.values.map((_, row) => party(row).cp),
    recordSeen && target.runId !== null,
    columns.filing,
    columns.categoryId,
    columns.categorySource,
    columns.categoryRuleId,
    columns.tags,
    columns.note,
    columns.transferOverride,
    columns.boundCounterpartId,
    target.runId !== null,
    rows.transactions.map((t) => t.statement?.importId ?? null),
    rows.transactions.map((t) => t.statement?.entryRef ?? null),
    rows.transactions.map((t) => (t.statement ? JSON.stringify(t.statement.facts) : null)),
  ]);
  return { ...result[0], failed };
}

/** Whether a decimal string is below zero, as SQL's `amount < 0` reads it ("-0.00" is not). */
const isDebit = (amount: string) => amount.startsWith("-") && /[1-9]/.test(amount);

/** The rows' distinct parties (sign and party fields) and, per row, its party's 1-based ordinal. */
function partiesOf(page: BankTransaction[]) {
  const index = new Map<string, number>();
  const parties: { debit: boolean; fields: (string | null)[] }[] = [];
  const ordinals = page.map((t) => {
    const party = {
      debit: isDebit(t.amount),
      fields: PARTY_VALUES.map((value) => value(t)),
    };
    const key = JSON.stringify(party);
    let ordinal = index.get(key);
    if (ordinal === undefined) {
      parties.push(party);
      ordinal = parties.length;
      index.set(key, ordinal);
    }
    return ordinal;
  });
  return { parties, ordinals };
}
