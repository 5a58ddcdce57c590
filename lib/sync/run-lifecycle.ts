// The sync run lifecycle, readable in one place: the table of allowed moves (who may make each, what
// else must hold, what it writes and the event it emits), the predicates every statement that
// selects runs by where they stand uses, and the one function that writes a run's `state`.
//
//   (created) queued ──claim──▶ running ──▶ succeeded
//                ▲  │              │ ▲ └──▶ failed
//                │  └──▶ failed    │ └ taken over (its worker stopped heartbeating)
//                └───── requeue ◀──┘ (the bank asked us to wait)
//
// moveRun builds its statement from the table alone: `UPDATE sync_runs SET state = <to>, <set>
// WHERE id = <run> AND (state = <from> AND <when>) OR … [AND worker_id = <worker>] RETURNING …`. So a
// worker that lost its run to a takeover, a sweeper and a late retry can never overwrite each other;
// a refused move is logged and changes nothing. The event a move emits is written by it into the
// outbox, in its transaction. Times are clock_timestamp(): the moment of the write, not the start of
// its transaction (a claim that waited on a lock must not appear to have started before the run it
// waited for had ended). lib/accounttracking/lifecycle-writers.test.ts fails if anything else writes
// the column or compares a state with a literal.
import "server-only";
import type pg from "pg";
import { changesSince, feedPositionOf } from "@/lib/changes/announce";
import { pgTransaction, pool } from "@/lib/db/client";
import type { SyncState, SyncTrigger } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { FAILURES_BEFORE_TELLING, resolveSyncFailing, tellSyncKeepsFailing } from "@/lib/notifications/sync-failing";
import type { WebhookEvent } from "@/lib/webhooks/events";
import { emitEvent } from "@/lib/webhooks/outbox";
import { queueRecurringDetect } from "@/lib/recurring/jobs";

type Queryable = Pick<pg.PoolClient, "query">;

/** Who makes a move: the worker holding the run (its worker_id), or any worker, holding nothing. */
type RunActor = "holder" | "worker";

/** A run as a move returns it. */
export type RunRow = {
  id: string;
  scope_id: string;
  account_id: string;
  state: SyncState;
  /** manual (someone asked for it) or scheduled: a retry keeps the job's place (lib/sync/queue.ts). */
  trigger: SyncTrigger;
  attended: boolean;
  psu_ip_address: string | null;
  next_page: string | null;
  date_from: string | null;
  attempts: number;
  added: number;
  updated: number;
  removed: number;
  reissued: number;
  last_error: string | null;
  feed_from: string | null;
};

/** The values a move's SQL may name (`:run`, `:worker`, `:stale` seconds, `:wait` seconds, `:error`). */
type MoveValues = { worker?: string; stale?: number; wait?: number; error?: string | null };

type Move = {
  from: SyncState;
  to: SyncState;
  by: RunActor;
  why: string;
  /** What else must hold of the row `r`, beside its state. */
  when?: string;
  /** What the move writes beside the state. */
  set: string;
  /** The events it emits, from the row as moved, read in the move's transaction. */
  emits?: (run: RunRow, db: Queryable) => Promise<WebhookEvent[]>;
  /** SQL run after the move, in its transaction. */
  then?: string;
  /**
   * What else the move does, in order, from the row as moved and in its transaction: telling the
   * account's members (lib/notifications), queueing jobs (pg-boss writing through its connection).
   */
  follows?: readonly ((run: RunRow, db: Queryable) => Promise<unknown>)[];
};

// ——— predicates: where a run stands, for every statement that selects runs ———

/** The states a run may still write in; one per account (a partial unique index). */
export const ACTIVE_RUN_STATES = ["queued", "running"] as const satisfies readonly SyncState[];
export const isActiveRun = (state: SyncState): boolean => (ACTIVE_RUN_STATES as readonly SyncState[]).includes(state);

/** Waiting for a worker (a person's Retry-After message shows then). */
export const isQueued = (state: SyncState): boolean => state === "queued";

/** The run's last move was its last: it succeeded. */
export const SUCCEEDED: SyncState = "succeeded";

/** No Retry-After or backoff left to wait. */
const due = (r: string) => `(${r}.not_before IS NULL OR ${r}.not_before <= now())`;
/** Its worker silent for `stale` seconds (a parameter): a running run due to be taken over. */
const silent = (r: string, stale: string) => `${r}.heartbeat_at < now() - make_interval(secs => ${stale})`;

/** SQL predicates over the run row `r` (an alias or the table's name), for statements that select runs. */
export const runSql = {
  active: (r: string) => `${r}.state IN ('queued', 'running')`,
  ended: (r: string) => `${r}.state IN ('succeeded', 'failed')`,
  failed: (r: string) => `${r}.state = 'failed'`,
  queued: (r: string) => `${r}.state = 'queued'`,
  running: (r: string) => `${r}.state = 'running'`,
  /** Running, its worker heard from within `stale` seconds (a parameter). */
  alive: (r: string, stale: string) => `${r}.state = 'running' AND NOT (${silent(r, stale)})`,
  stale: (r: string, stale: string) => `${r}.state = 'running' AND ${silent(r, stale)}`,
  /** What a claim may take (the two claim moves below): queued and due, or stale. */
  claimable: (r: string, stale: string) =>
    `((${r}.state = 'queued' AND ${due(r)}) OR (${r}.state = 'running' AND ${silent(r, stale)}))`,
  /** Running, under `worker` (a parameter). */
  heldBy: (r: string, worker: string) => `${r}.state = 'running' AND ${r}.worker_id = ${worker}`,
};

// ——— the events ———

/**
 * What the run changed, as the account's change feed lists it from where the feed stood when the run
 * started (feed_from): the counts are the feed's own (lib/changes/feed.ts), not the run's progress
 * counters, which count a re-issued row as written again. None when the feed shows nothing.
 */
async function changed(run: RunRow, db: Queryable): Promise<WebhookEvent[]> {
  if (run.feed_from === null) return [];
  return changesSince(db, run.account_id, BigInt(run.feed_from), { syncRunId: run.id, statementImportId: null });
}

/** A failed run may have written pages before it failed: those changes are reported too. */
const failed = async (run: RunRow, db: Queryable): Promise<WebhookEvent[]> => [
  ...(await changed(run, db)),
  { type: "sync.failed", data: { accountId: run.account_id, syncRunId: run.id, message: run.last_error } },
];

// ——— what the person is told ———

/**
 * The account's last `n` ended runs all failed (the one just moved among them). By creation, on the
 * (account_id, created_at) index: an account has one active run at a time, so runs end in that order.
 */
async function lastRunsFailed(db: Queryable, accountId: string, n: number): Promise<boolean> {
  const { rows } = await db.query<{ failed: boolean }>(
    `SELECT ${runSql.failed("r")} AS failed FROM sync_runs r
      WHERE r.account_id = $1::uuid AND ${runSql.ended("r")}
      ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    [accountId, n],
  );
  return rows.length === n && rows.every((r) => r.failed);
}

/** A sync failing again and again is told once, and refreshed while it goes on. */
const failingAgain = async (run: RunRow, db: Queryable) =>
  (await lastRunsFailed(db, run.account_id, FAILURES_BEFORE_TELLING)) && tellSyncKeepsFailing(db, run);
const FAILING_AGAIN = [failingAgain];

// ——— the table ———

// Where the account's change feed stands: a run's changes come after it (recorded at its first claim).
const FEED_POSITION = feedPositionOf("r.account_id");
const CLAIM = `worker_id = :worker, heartbeat_at = clock_timestamp(), started_at = coalesce(started_at, clock_timestamp()),
  attempts = attempts + 1, not_before = NULL, feed_from = coalesce(feed_from, ${FEED_POSITION})`;
const END = "last_error = :error, finished_at = clock_timestamp(), heartbeat_at = clock_timestamp()";
// What an ended run saw (lib/sync/ingest.ts) is read by nothing after its reconcile.
const FORGET_PAGES = "DELETE FROM sync_run_pages WHERE run_id = :run";

/** A run is created `queued` (its insert writes no state); these are its moves from there. */
export const RUN_TRANSITIONS: readonly Move[] = [
  {
    from: "queued",
    to: "running",
    by: "worker",
    why: "claimed once due (its bank below our concurrency limit: lib/sync/claim.ts)",
    when: due("r"),
    set: CLAIM,
  },
  {
    from: "running",
    to: "running",
    by: "worker",
    why: "taken over: its worker stopped heartbeating",
    when: silent("r", ":stale"),
    set: CLAIM,
  },
  {
    from: "running",
    to: "queued",
    by: "holder",
    why: "the bank asked us to wait: retried after Retry-After or backoff",
    set: "worker_id = NULL, not_before = clock_timestamp() + make_interval(secs => :wait), last_error = :error",
  },
  {
    from: "running",
    to: "succeeded",
    by: "holder",
    why: "every page written and reconciled",
    set: END,
    emits: changed,
    then: FORGET_PAGES,
    follows: [
      (run, db) => resolveSyncFailing(db, run),
      // The account's recurring payments are detected again over what the run wrote (lib/recurring).
      (run, db) => queueRecurringDetect(db, run.account_id),
    ],
  },
  {
    from: "running",
    to: "failed",
    by: "holder",
    why: "the bank refused, the consent ended, or retries ran out",
    set: END,
    emits: failed,
    then: FORGET_PAGES,
    follows: FAILING_AGAIN,
  },
  {
    from: "queued",
    to: "failed",
    by: "worker",
    why: "never started: its bank stayed at our concurrency limit through every deferral (lib/sync/backoff.ts)",
    set: "last_error = :error, finished_at = clock_timestamp(), not_before = NULL",
    emits: failed,
    then: FORGET_PAGES,
    follows: FAILING_AGAIN,
  },
];

/** The moves `by` may make to `to` (a claim is two: from queued, and a takeover from running). */
export const movesTo = (to: SyncState, by: RunActor): readonly Move[] =>
  RUN_TRANSITIONS.filter((m) => m.to === to && m.by === by);

// ——— the one writer ———

const RETURNING = `r.id, r.scope_id, r.account_id, r.state, r.trigger::text AS trigger, r.attended, r.psu_ip_address, r.next_page, r.date_from,
  r.attempts, r.added, r.updated, r.removed, r.reissued, r.last_error, r.feed_from::text AS feed_from`;

/** `:name` placeholders → `$n` and their values, in order of first use (`::casts` are left alone). */
function bind(sql: string, values: Record<string, unknown>): { text: string; params: unknown[] } {
  const order: string[] = [];
  const text = sql.replace(/(?<!:):([a-z]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`sync run move: no value for :${name}`);
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text, params: order.map((name) => values[name]) };
}

/** The statement the table makes of a move (exported for the tests that read it). */
export function moveStatement(
  to: SyncState,
  by: RunActor,
): { update: string } & Pick<Move, "emits" | "then" | "follows"> {
  const moves = movesTo(to, by);
  const [first] = moves;
  const same = (m: Move) =>
    m.set === first?.set && m.emits === first.emits && m.then === first.then && m.follows === first.follows;
  if (!first || !moves.every(same)) throw new Error(`sync run move to ${to} by ${by}: not one move in the table`);
  const from = moves.map((m) => `(r.state = '${m.from}'${m.when ? ` AND ${m.when}` : ""})`).join(" OR ");
  const holder = by === "holder" ? " AND r.worker_id = :worker" : "";
  return {
    update: `UPDATE sync_runs r SET state = '${to}', ${first.set} WHERE r.id = :run AND (${from})${holder} RETURNING ${RETURNING}`,
    emits: first.emits,
    then: first.then,
    follows: first.follows,
  };
}

/**
 * Moves the run to `to` as `by`, if the table allows it from where the run stands, and writes the
 * event the move emits and its follow-up, in `client`'s transaction when given (a claim, under the
 * bank's lock), else in one of their own. The run as moved, or null when the move was refused.
 */
export async function moveRun(
  runId: string,
  move: { to: SyncState; by: RunActor },
  values: MoveValues,
  client?: Queryable,
): Promise<RunRow | null> {
  const statement = moveStatement(move.to, move.by);
  const named = { ...values, run: runId };
  const work = async (db: Queryable) => {
    const update = bind(statement.update, named);
    const { rows } = await db.query<RunRow>(update.text, update.params);
    const run = rows[0];
    if (!run) return null;
    for (const event of (await statement.emits?.(run, db)) ?? []) await emitEvent(db, run.scope_id, event);
    if (statement.then) {
      const then = bind(statement.then, named);
      await db.query(then.text, then.params);
    }
    for (const follow of statement.follows ?? []) await follow(run, db);
    return run;
  };
  const moved = client ? await work(client) : await pgTransaction(work);
  if (!moved)
    log.info("sync run move refused: not where the move starts, or held by another worker", { runId, ...move });
  return moved;
}

// ——— the moves, by name, for the runner ———

/** queued → running, or a stale running → running under a new worker. Null when not claimable. */
export const claimRun = (client: Queryable, runId: string, workerId: string, staleSeconds: number) =>
  moveRun(runId, { to: "running", by: "worker" }, { worker: workerId, stale: staleSeconds }, client);

/** running → succeeded | failed, by the worker that holds the run. */
export const finishRun = async (runId: string, workerId: string, to: "succeeded" | "failed", error: string | null) =>
  (await moveRun(runId, { to, by: "holder" }, { worker: workerId, error })) !== null;

/** running → queued, to be claimed again no earlier than `waitSeconds` from now. */
export const requeueRun = async (runId: string, workerId: string, waitSeconds: number, message: string) =>
  (await moveRun(runId, { to: "queued", by: "holder" }, { worker: workerId, wait: waitSeconds, error: message })) !==
  null;

/** queued → failed, for a run that never started (its bank stayed busy); no worker holds it. */
export const giveUpQueuedRun = async (runId: string, error: string) =>
  (await moveRun(runId, { to: "failed", by: "worker" }, { error })) !== null;

// ——— notes: the same state, new facts ———

/**
 * A queued run whose bank is busy waits `waitSeconds` more: its row is not claimable before then, so
 * a job the sweeper re-sends cannot run it early either. Conditional on the deferrals the caller saw,
 * so two workers holding jobs of the same run count one deferral, not two. Not a state move.
 */
export async function deferRun(runId: string, deferralsSeen: number, waitSeconds: number): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE sync_runs r SET deferrals = deferrals + 1, not_before = clock_timestamp() + make_interval(secs => $3)
      WHERE r.id = $1 AND ${runSql.queued("r")} AND r.deferrals = $2`,
    [runId, deferralsSeen, waitSeconds],
  );
  if (rowCount !== 1) log.info("sync run deferral skipped: no longer queued, or deferred meanwhile", { runId });
  return rowCount === 1;
}

/** The worker is alive and still holds the run (false: it lost the run to a takeover). */
export async function heartbeatRun(runId: string, workerId: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE sync_runs r SET heartbeat_at = clock_timestamp() WHERE r.id = $1 AND ${runSql.heldBy("r", "$2")}`,
    [runId, workerId],
  );
  return rowCount === 1;
}
