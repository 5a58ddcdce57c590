// A transactions page shows its own rows only: whatever plan the planner picks, the counterpart's name
// (a recursive lookup per row) and the category are computed for the page's rows, not for every row
// of the account before a sort. The plan that did so is the one the planner takes when its statistics
// say the account is small (after a first sync, until the next ANALYZE); here it is forced by turning
// off index scans, so the test does not depend on what the statistics happen to say.
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { transactionsQuery } from "@/lib/accounttracking/transactions/transactions";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { withSandboxBank } from "@/testing/support/sandbox-server";

type PlanNode = { "Relation Name"?: string; "Actual Loops"?: number; "Actual Rows"?: number; Plans?: PlanNode[] };

/** Every node of a plan, with the node itself first. */
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

let alice: SyncedAlice;
withSandboxBank();
beforeAll(async () => {
  alice = await syncedAlice();
});

/** The page statement's plan as run (EXPLAIN ANALYZE), with index scans off when `sortAll`. */
async function executedPlan(perPage: number, sortAll: boolean): Promise<PlanNode> {
  const { text, values } = transactionsQuery(alice.current.id, { perPage });
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    if (sortAll) await client.query("SET LOCAL enable_indexscan = off");
    const explained = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
      values,
    );
    return explained.rows[0]["QUERY PLAN"][0].Plan;
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}

/** How many times the plan read `relation` at most in one node: once per shown row, if shown per row. */
const mostLoops = (plan: PlanNode, relation: string) =>
  Math.max(
    0,
    ...nodes(plan)
      .filter((n) => n["Relation Name"] === relation)
      .map((n) => n["Actual Loops"] ?? 0),
  );

describe("a transactions page's plan", () => {
  it.each([
    ["the planner's own choice", false],
    ["every row read and sorted (the plan of an account the statistics think small)", true],
  ])("looks up counterparts and categories for the page's rows alone: %s", async (_name, sortAll) => {
    const perPage = 5;
    const { count } = (
      await pool().query<{ count: number }>(
        "SELECT count(*)::int AS count FROM transactions WHERE account_id = $1 AND removed_at IS NULL",
        [alice.current.id],
      )
    ).rows[0];
    expect(count).toBeGreaterThan(10 * perPage);
    const plan = await executedPlan(perPage, sortAll);
    expect(plan["Actual Rows"]).toBe(perPage + 1);
    expect(mostLoops(plan, "counterparts")).toBeGreaterThan(0);
    expect(mostLoops(plan, "counterparts")).toBeLessThanOrEqual(perPage + 1);
    expect(mostLoops(plan, "categories")).toBeLessThanOrEqual(perPage + 1);
  });
});
