// The rule application's table: every pair not in it is refused, and the moves say what a person and
// the job may do (undo only what has finished; a retried job takes its running application again).
import { describe, expect, it } from "vitest";
import {
  APPLICATION_STATES,
  APPLICATION_TRANSITIONS,
  applicationInFlight,
  canMoveApplication,
} from "@/lib/rules/application-lifecycle";

describe("rule application lifecycle", () => {
  it("refuses every move not in the table", () => {
    const allowed = new Set(APPLICATION_TRANSITIONS.map((m) => `${m.from}→${m.to}`));
    for (const from of APPLICATION_STATES)
      for (const to of APPLICATION_STATES)
        expect(canMoveApplication(from, to), `${from}→${to}`).toBe(allowed.has(`${from}→${to}`));
    expect(allowed.size).toBe(6);
  });

  it("undo only what has finished; nothing leaves undone", () => {
    expect(["done", "failed"].every((s) => canMoveApplication(s, "undone"))).toBe(true);
    expect(["queued", "running", "undone"].some((s) => canMoveApplication(s, "undone"))).toBe(false);
    expect(APPLICATION_STATES.some((to) => canMoveApplication("undone", to))).toBe(false);
    expect(APPLICATION_STATES.filter(applicationInFlight)).toEqual(["queued", "running"]);
  });
});
