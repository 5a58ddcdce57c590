// Display names for a set of counterpart ids: what a transaction list shows in its counterpart
// column. Each id resolves through consolidation to its root, whose alias (else bank name) is the
// name. Ids of other scopes, or unknown ids, are simply absent from the answer.
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";

export type CounterpartName = { id: string; rootId: string; displayName: string };

export async function counterpartNames(db: Tx, scopeId: string, ids: string[]): Promise<CounterpartName[]> {
  if (ids.length === 0) return [];
  // Walk each requested id up its merged_into_id chain (at most 100 hops).
  const rows = await query<{ id: string; root_id: string; display_name: string }>(
    db,
    `WITH RECURSIVE up AS (
       SELECT c.id AS start_id, c.id, c.merged_into_id, 0 AS depth
         FROM counterparts c WHERE c.scope_id = $1::uuid AND c.id = ANY($2::uuid[])
       UNION ALL
       SELECT up.start_id, n.id, n.merged_into_id, up.depth + 1
         FROM up JOIN counterparts n ON n.id = up.merged_into_id AND n.scope_id = $1::uuid
        WHERE up.depth < 100
     ), roots AS (
       SELECT DISTINCT ON (start_id) start_id, id AS root_id FROM up ORDER BY start_id, depth DESC
     )
     SELECT roots.start_id AS id, roots.root_id, coalesce(r.alias, r.name) AS display_name
       FROM roots JOIN counterparts r ON r.id = roots.root_id
      ORDER BY roots.start_id`,
    scopeId,
    ids,
  );
  return rows.map((r) => ({ id: r.id, rootId: r.root_id, displayName: r.display_name }));
}
