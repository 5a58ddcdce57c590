// An "apply to existing" of a rule (rule_applications.state) as one transition table and its one
// writer: queued → running (the job takes it; a retried job takes it again) → done or failed; done or
// failed → undone (the person's one-step undo). `moveApplication` builds its conditional UPDATE from
// the table alone, so a move from a state the row has left changes nothing and answers null.
import "server-only";
import { rows, type SqlDb } from "@/lib/db/sql";

export const APPLICATION_STATES = ["queued", "running", "done", "failed", "undone"] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

type Move = { from: ApplicationState; to: ApplicationState; why: string; set?: string };

export const APPLICATION_TRANSITIONS: readonly Move[] = [
  { from: "queued", to: "running", why: "the job takes it" },
  { from: "running", to: "running", why: "a retried job resumes it after the last row it saved" },
  { from: "running", to: "done", why: "every batch written", set: "finished_at = now()" },
  { from: "running", to: "failed", why: "a batch failed; what was written can be undone", set: "finished_at = now()" },
  { from: "done", to: "undone", why: "the person undid it", set: "undone_at = now()" },
  { from: "failed", to: "undone", why: "the person undid what it wrote", set: "undone_at = now()" },
];

const fromStates = (to: ApplicationState) => APPLICATION_TRANSITIONS.filter((m) => m.to === to).map((m) => m.from);

/** Whether an application in `state` may move to `to`. */
export const canMoveApplication = (state: string, to: ApplicationState) =>
  APPLICATION_TRANSITIONS.some((m) => m.from === state && m.to === to);

/** Still being written: not yet to be undone. */
export const applicationInFlight = (state: string) => canMoveApplication(state, "running");

/**
 * Moves the application to `to` if the table allows it from where it stands, with `error` when it
 * failed; answers the moved row's id (and `extra`, SQL of ours selecting more of it), or null.
 */
export async function moveApplication<T extends Record<string, unknown> = Record<string, never>>(
  db: SqlDb,
  id: string,
  to: ApplicationState,
  options: { error?: string; returning?: string } = {},
): Promise<({ id: string } & T) | null> {
  const set = [...new Set(APPLICATION_TRANSITIONS.filter((m) => m.to === to && m.set).map((m) => m.set))];
  if (options.error !== undefined) set.push("error = $3");
  const [moved] = await rows<{ id: string } & T>(
    db,
    `UPDATE rule_applications SET state = $2::text${set.map((s) => `, ${s}`).join("")}
      WHERE id = $1::uuid AND state = ANY($${options.error !== undefined ? 4 : 3}::text[])
      RETURNING id${options.returning ? `, ${options.returning}` : ""}`,
    options.error !== undefined ? [id, to, options.error, fromStates(to)] : [id, to, fromStates(to)],
  );
  return moved ?? null;
}
