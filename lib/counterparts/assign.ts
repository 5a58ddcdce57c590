// Counterpart extraction during ingest: one set-based call per page, inside the page's transaction,
// right after the upsert. The SQL lives in the database function assign_counterparts
// (prisma/functions/03_counterpart_assignment.sql) so a page costs one round trip. It only writes the
// derived transactions.counterpart_id; a person's binding (bound_counterpart_id) is never touched.
import type { PoolClient } from "pg";

type AssignTarget = {
  scopeId: string;
  accountId: string;
  /** The page's external ids; omit to assign every row of the account that has no counterpart yet. */
  externalIds?: string[];
};

/** Assigns counterparts to the page's new and changed rows; returns how many rows got one. */
export async function assignCounterparts(client: Pick<PoolClient, "query">, target: AssignTarget): Promise<number> {
  if (target.externalIds && target.externalIds.length === 0) return 0;
  const { rows } = await client.query<{ assigned: number }>(
    "SELECT assign_counterparts($1::uuid, $2::uuid, $3::text[]) AS assigned",
    [target.scopeId, target.accountId, target.externalIds ?? null],
  );
  return rows[0]?.assigned ?? 0;
}
