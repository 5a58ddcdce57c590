// A statement import's lifecycle (statement_imports.state) as one transition table and its one
// writer, in the shape of lib/rules/application-lifecycle.ts:
//
//   (created) queued ──start──▶ running ──▶ succeeded
//                │   ◀──restarted──┘  └─────▶ failed
//                └──refused──────────────▶ failed
//
// `moveImport` builds its conditional UPDATE from the table alone (`… WHERE id = $1 AND state =
// ANY(<the states the table lets reach this one>)`), so a move from a state the row has left changes
// nothing and answers null. The end that succeeds is written in the import's own transaction, with
// the counts, so the rows and "succeeded" commit together; a failure is written after that
// transaction rolled back, in one of its own. lib/accounttracking/lifecycle-writers.test.ts fails if
// any other module writes the column.
import "server-only";
import type { StatementImportState } from "@/lib/generated/prisma/client";
import { rows, type SqlDb } from "@/lib/db/sql";

type Move = { from: StatementImportState; to: StatementImportState; why: string; set?: string };

export const IMPORT_TRANSITIONS: readonly Move[] = [
  { from: "queued", to: "running", why: "the import starts reading the file", set: "started_at = now()" },
  {
    from: "running",
    to: "succeeded",
    why: "every entry written or matched, the balances kept: committed with them",
    set: "finished_at = now()",
  },
  {
    from: "running",
    to: "failed",
    why: "the file was refused or a write failed; its transaction rolled back, nothing of it is kept",
    set: "finished_at = now()",
  },
  {
    from: "running",
    to: "queued",
    why: "the worker running it stopped (its job is taken again): its one transaction rolled back, nothing of it is kept",
  },
  {
    from: "queued",
    to: "failed",
    why: "refused before any entry was read (the schema, the format)",
    set: "finished_at = now()",
  },
];

const fromStates = (to: StatementImportState) => IMPORT_TRANSITIONS.filter((m) => m.to === to).map((m) => m.from);

/** Whether an import in `state` may move to `to`. */
export const canMoveImport = (state: StatementImportState, to: StatementImportState): boolean =>
  IMPORT_TRANSITIONS.some((m) => m.from === state && m.to === to);

/** Still to be finished: a second import of the same file finds this one rather than starting. */
export const importInFlight = (state: StatementImportState): boolean => canMoveImport(state, "failed");

/** SQL predicates over an import row (`i`: an alias, or none for the table's own columns). */
export const importSql = {
  /** Holds its file for the account (statement_imports_account_file_key's predicate): not failed. */
  holdsFile: (i?: string) => `${i ? `${i}.` : ""}state <> 'failed'`,
  /** Still to be finished (importInFlight): its upload's bytes are still needed. */
  inFlight: (i?: string) =>
    `${i ? `${i}.` : ""}state IN (${IMPORT_TRANSITIONS.filter((m) => m.to === "failed")
      .map((m) => `'${m.from}'`)
      .join(", ")})`,
};

/** Ended well: its rows and balances are there. */
export const importSucceeded = (state: StatementImportState): boolean => state === "succeeded";

/** What a finished import counted (written with its move to succeeded). */
export type ImportCounts = {
  entries: number;
  added: number;
  matched: number;
  unchanged: number;
  skipped: number;
  balances: number;
  processed: number;
  dateFrom: string | null;
  dateTo: string | null;
};

const COUNT_COLUMNS = [
  ["entries", "int"],
  ["added", "int"],
  ["matched", "int"],
  ["unchanged", "int"],
  ["skipped", "int"],
  ["balances", "int"],
  ["processed", "int"],
  ["date_from", "text"],
  ["date_to", "text"],
] as const;
const COUNT_KEYS: (keyof ImportCounts)[] = [
  "entries",
  "added",
  "matched",
  "unchanged",
  "skipped",
  "balances",
  "processed",
  "dateFrom",
  "dateTo",
];

/**
 * Moves the import to `to` if the table allows it from where it stands, with `error` (failed) or
 * `counts` (succeeded); answers the moved row's id, or null when the move was refused.
 */
export async function moveImport(
  db: SqlDb,
  id: string,
  to: StatementImportState,
  options: { error?: string; counts?: ImportCounts } = {},
): Promise<{ id: string } | null> {
  const set = [...new Set(IMPORT_TRANSITIONS.filter((m) => m.to === to && m.set).map((m) => m.set as string))];
  const values: unknown[] = [id, to, fromStates(to)];
  if (options.error !== undefined) {
    values.push(options.error);
    set.push(`error = $${values.length}`);
  }
  if (options.counts) {
    const counts = options.counts;
    COUNT_COLUMNS.forEach(([column, type], i) => {
      values.push(counts[COUNT_KEYS[i]]);
      set.push(`${column} = $${values.length}::${type}`);
    });
  }
  const [moved] = await rows<{ id: string }>(
    db,
    `UPDATE statement_imports SET state = $2::statement_import_state${set.map((s) => `, ${s}`).join("")}
      WHERE id = $1::uuid AND state = ANY($3::statement_import_state[])
      RETURNING id`,
    values,
  );
  return moved ?? null;
}
