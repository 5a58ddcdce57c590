// Counterparts on the 1,000,000-row account: first the set-based assignment over all rows (what
// ingest does page by page), then listing counterparts with totals (API and its SQL) against a plain
// GROUP BY over the same rows on the raw party name.
import type { AccountBenchTarget } from "./accounts";
import { median } from "./timing";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { counterpartsSql } from "@/lib/counterparts/list";

export type CounterpartsBench = {
  assignMs: number;
  assigned: number;
  counterparts: number;
  groupByMs: number;
  listSqlMs: number;
  listApiMs: number;
  /** The floor of any assignment: one plain UPDATE writing every row's counterpart (back to NULL). */
  updateMs: number;
};

export async function benchCounterparts(options: AccountBenchTarget): Promise<CounterpartsBench> {
  const { db, scopeId, accountId } = options;
  // seedMillion writes every party as creditor_name; on credits the party is the debtor.
  await db.query(
    "UPDATE transactions SET debtor_name = creditor_name, creditor_name = NULL WHERE account_id = $1 AND amount > 0",
    [accountId],
  );
  await db.query("UPDATE transactions SET counterpart_id = NULL WHERE account_id = $1 AND counterpart_id IS NOT NULL", [
    accountId,
  ]);
  // The update above left a dead version of half the rows: vacuumed, the account is as a sync leaves it.
  await db.query("VACUUM ANALYZE transactions");
  const client = await db.connect();
  let assigned = 0;
  const t = performance.now();
  try {
    await client.query("BEGIN");
    assigned = await assignCounterparts(client, { scopeId, accountId });
    await client.query("COMMIT");
  } finally {
    client.release();
  }
  const assignMs = performance.now() - t;
  await db.query("VACUUM ANALYZE transactions");
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM counterparts WHERE scope_id = $1", [
    scopeId,
  ]);

  const groupBy = `SELECT CASE WHEN amount < 0 THEN creditor_name ELSE debtor_name END AS party, count(*)::int AS count,
      coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS sum_in, coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::text AS sum_out,
      max(sort_date) AS last_date
    FROM transactions WHERE account_id = $1 AND removed_at IS NULL GROUP BY 1 ORDER BY 4 DESC LIMIT 51`;
  const list = counterpartsSql({ sort: "sumOut", order: "desc", perPage: 50 }, accountId);
  const headers = { authorization: `Bearer ${options.token}`, "x-scope": scopeId };
  const url = `${options.baseUrl}/api/accounttracking/v1/accounts/${accountId}/counterparts?perPage=50`;
  const api = async () => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`counterparts API: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  // Without a server (baseUrl ""), only the SQL is measured.
  if (options.baseUrl) await api(); // warm up (route compilation, plans)
  const groupByMs = await median(7, async () => void (await db.query(groupBy, [accountId])));
  const listSqlMs = await median(7, async () => void (await db.query(list.text, [scopeId, accountId, ...list.values])));
  const listApiMs = options.baseUrl ? await median(7, api) : Number.NaN;
  // Last, as it undoes the assignment: every row written once, with the same indexes and triggers.
  const u = performance.now();
  await db.query("UPDATE transactions SET counterpart_id = NULL WHERE account_id = $1", [accountId]);
  const updateMs = performance.now() - u;
  return { assignMs, assigned, counterparts: rows[0].n, groupByMs, listSqlMs, listApiMs, updateMs };
}
