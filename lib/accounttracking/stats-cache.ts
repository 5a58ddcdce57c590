// The account page's figures are three aggregates over the account's whole history (up to a million
// rows each); they are served from account_stats_cache while they are current. Current means: the
// account's version and its scope's version (stats_versions, bumped by database triggers on every
// write that can change the figures: sync upserts, reconcile, re-issue undo, transfer marks, tracked
// accounts' IBANs and holders) equal those the figures were computed at. The triggers live in the
// database, so no write path can forget to invalidate.
//
// Read the versions first, then compute: a write committed before the read is in both; a write after
// it bumps a version, so the stored entry (whatever it saw) is never served again.
import { pool } from "@/lib/db/client";
import type { TrackedAccount } from "@/lib/generated/prisma/client";

type Versions = { av: string; sv: string; payload: unknown; cav: string | null; csv: string | null };

export async function cachedFigures<F>(
  account: Pick<TrackedAccount, "id" | "scopeId">,
  compute: (accountId: string) => Promise<F>,
): Promise<F> {
  const { rows } = await pool().query<Versions>(
    `SELECT coalesce((SELECT version FROM stats_versions WHERE subject_id = $1), 0)::text AS av,
            coalesce((SELECT version FROM stats_versions WHERE subject_id = $2), 0)::text AS sv,
            c.payload, c.account_version::text AS cav, c.scope_version::text AS csv
       FROM (SELECT 1) one LEFT JOIN account_stats_cache c ON c.account_id = $1`,
    [account.id, account.scopeId],
  );
  const v = rows[0];
  if (v.payload !== null && v.cav === v.av && v.csv === v.sv) return v.payload as F;
  const figures = await compute(account.id);
  await pool()
    .query(
      `INSERT INTO account_stats_cache (account_id, account_version, scope_version, payload, computed_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (account_id) DO UPDATE SET account_version = EXCLUDED.account_version,
       scope_version = EXCLUDED.scope_version, payload = EXCLUDED.payload, computed_at = now()`,
      [account.id, v.av, v.sv, JSON.stringify(figures)],
    )
    .catch((error: unknown) => {
      // The account was deleted meanwhile (foreign key): nothing to keep.
      if ((error as { code?: unknown } | null)?.code !== "23503") throw error;
    });
  return figures;
}
