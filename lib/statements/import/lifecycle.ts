// A statement import's lifecycle (statement_imports.state) as one transition table and its one
// writer, in the shape of lib/rules/application-lifecycle.ts:
//
//   (created) queued ──start──▶ running ──▶ succeeded
//                   ◀──restarted──┘  └─────▶ failed
//
// `moveImport` builds its conditional UPDATE from the table alone (`… WHERE id = $1 AND state =
// ANY(<the states the table lets reach this one>)`), so a move from a state the row has left changes
// nothing and answers null. The end that succeeds is written in the import's own transaction, with
// the counts, so the rows and "succeeded" commit together; a failure is written after that
// transaction rolled back, in one of its own. lib/accounttracking/lifecycle-writers.test.ts fails if
// any other module writes the column.
//
// Each start is an attempt (`attempt` + 1) that its worker holds as an ImportClaim: that worker's
// heartbeat, progress and end name it, and change nothing once the import was restarted away from
// it. "Restarted" needs the heartbeat stale, and a worker that is alive beats every quarter of the
// staleness (holdImport), however long a batch takes; so a slow worker keeps its import, and one
// that stalled anyway (a frozen process) can neither end nor fail the start that replaced it.
import "server-only";
import type { StatementImportState } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/client";
import { rows, type SqlDb } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

type Move = { from: StatementImportState; to: StatementImportState; why: string; set?: string };

export const IMPORT_TRANSITIONS: readonly Move[] = [
  {
    from: "queued",
    to: "running",
    why: "a worker starts reading the file: a new attempt, which it holds",
    set: "attempt = attempt + 1, started_at = now(), heartbeat_at = now()",
  },
  {
    from: "running",
    to: "succeeded",
    why: "every entry written or matched, the balances kept: committed with them",
    set: "finished_at = now(), bytes_processed = file_bytes",
  },
  {
    from: "running",
    to: "failed",
    why: "the file was refused (its format, its schema, its account) or a write failed; its transaction rolled back, nothing of it is kept",
    set: "finished_at = now()",
  },
  {
    from: "running",
    to: "queued",
    why: "the worker holding it stopped (its heartbeat went stale): its one transaction rolled back, nothing of it is kept",
    set: "processed = 0, bytes_processed = 0, heartbeat_at = NULL",
  },
];

const fromStates = (to: StatementImportState) => IMPORT_TRANSITIONS.filter((m) => m.to === to).map((m) => m.from);

/** Whether an import in `state` may move to `to`. */
export const canMoveImport = (state: StatementImportState, to: StatementImportState): boolean =>
  IMPORT_TRANSITIONS.some((m) => m.from === state && m.to === to);

/** The states the table moves on from: an import still to be finished. */
const IN_FLIGHT = [...new Set(IMPORT_TRANSITIONS.map((m) => m.from))];

/** Still to be finished: a second import of the same file finds this one rather than starting. */
export const importInFlight = (state: StatementImportState): boolean => IN_FLIGHT.includes(state);

/** SQL predicates over an import row (`i`: an alias, or none for the table's own columns). */
export const importSql = {
  /** Holds its file for the account (statement_imports_account_file_key's predicate): not failed. */
  holdsFile: (i?: string) => `${i ? `${i}.` : ""}state <> 'failed'`,
  /** Running, with no sign of life for `seconds` (its worker died): the repair tick restarts it. */
  stalled: (seconds: string) => `state = 'running' AND heartbeat_at < now() - make_interval(secs => ${seconds})`,
  /** Still to be finished (importInFlight): its upload's bytes are still needed. */
  inFlight: (i?: string) => `${i ? `${i}.` : ""}state IN (${IN_FLIGHT.map((state) => `'${state}'`).join(", ")})`,
  /** Running under the attempt `attempt` (a parameter): the worker holding it may write for it. */
  heldBy: (attempt: string) => `state = 'running' AND attempt = ${attempt}`,
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

/** A worker's hold on a running import: the attempt its start made. */
export type ImportClaim = { importId: string; attempt: number };

/**
 * Moves the import to `to` if the table allows it from where it stands, with `error` (failed) or
 * `counts` (succeeded); answers the moved row's id and attempt, or null when the move was refused.
 * `claim`: only while that attempt holds it (the ends a worker writes). `stalledFor`: only when its
 * heartbeat is older than that many seconds (a restart: its worker stopped).
 */
export async function moveImport(
  db: SqlDb,
  id: string,
  to: StatementImportState,
  options: { error?: string; counts?: ImportCounts; claim?: ImportClaim; stalledFor?: number } = {},
): Promise<{ id: string; attempt: number } | null> {
  const set = [...new Set(IMPORT_TRANSITIONS.filter((m) => m.to === to && m.set).map((m) => m.set as string))];
  const values: unknown[] = [id, to, fromStates(to)];
  const guards: string[] = [];
  if (options.claim) {
    values.push(options.claim.attempt);
    guards.push(importSql.heldBy(`$${values.length}::int`));
  }
  if (options.stalledFor !== undefined) {
    values.push(options.stalledFor);
    guards.push(importSql.stalled(`$${values.length}::int`));
  }
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
  const [moved] = await rows<{ id: string; attempt: number }>(
    db,
    `UPDATE statement_imports SET state = $2::statement_import_state${set.map((s) => `, ${s}`).join("")}
      WHERE id = $1::uuid AND state = ANY($3::statement_import_state[])${guards.map((g) => ` AND ${g}`).join("")}
      RETURNING id, attempt`,
    values,
  );
  return moved ?? null;
}

/** The import ended or was restarted away from this attempt: what it wrote rolls back, and it stops. */
export class ImportTakenOver extends Error {
  constructor(readonly claim: ImportClaim) {
    super(`statement import ${claim.importId} is no longer held by attempt ${claim.attempt}`);
  }
}

/**
 * A sign of life of the attempt, with its progress: `processed` entries read, `bytes` more of the file
 * read (or "all" of it). Answers false when the attempt no longer holds the import.
 */
export async function recordImportProgress(
  claim: ImportClaim,
  progress: { processed?: number; bytes?: number | "all" } = {},
): Promise<boolean> {
  const values: unknown[] = [claim.importId, claim.attempt];
  const set = ["heartbeat_at = now()"];
  if (progress.processed !== undefined) {
    values.push(progress.processed);
    set.push(`processed = $${values.length}::int`);
  }
  if (progress.bytes === "all") set.push("bytes_processed = file_bytes");
  else if (progress.bytes !== undefined) {
    values.push(progress.bytes);
    set.push(`bytes_processed = bytes_processed + $${values.length}::bigint`);
  }
  const { rowCount } = await pool().query(
    `UPDATE statement_imports SET ${set.join(", ")} WHERE id = $1::uuid AND ${importSql.heldBy("$2::int")}`,
    values,
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Starts the import (queued → running, a new attempt) and runs `work` holding it, beating every
 * quarter of SYNC_STALE_SECONDS while it runs, however long one step takes. Answers null, running
 * nothing, when the import is not queued (another worker holds it, or it ended).
 */
export async function holdImport<T>(importId: string, work: (claim: ImportClaim) => Promise<T>): Promise<T | null> {
  const started = await moveImport(pool(), importId, "running");
  if (!started) return null;
  const claim: ImportClaim = { importId, attempt: started.attempt };
  const beat = setInterval(
    () =>
      void recordImportProgress(claim).catch((error: unknown) =>
        log.warn("statement import heartbeat failed", { importId, error }),
      ),
    Math.max(250, (env.SYNC_STALE_SECONDS * 1000) / 4),
  );
  try {
    return await work(claim);
  } finally {
    clearInterval(beat);
  }
}
