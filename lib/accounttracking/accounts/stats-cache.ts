// The account page's figures are three aggregates over the account's whole history (up to a million
// rows each); they are served from account_stats_cache while they are current. Current means: the
// account's version and its scope's version (stats_versions, bumped by database triggers on every
// write that can change the figures: sync upserts, reconcile, re-issue undo, transfer marks, tracked
// accounts' IBANs and holders) equal those the figures were computed at. The triggers live in the
// database, so no write path can forget to invalidate.
//
// Whether an entry is current is asked of the primary, which has every write. The figures are
// computed where heavy reads go (readPool(): a replica when configured), and a replica lags: so the
// versions an entry is stored under are read in the same snapshot as its figures, on the same
// connection, never from the primary. Figures from a replica that is behind the primary are
// answered but not stored (the primary's versions are already past them); once it has caught up,
// its snapshot's versions are the primary's and the entry is served.
import type pg from "pg";
import { pool, readPool } from "@/lib/db/client";
import type { TrackedAccount } from "@/lib/generated/prisma/client";

type Versions = { av: string; sv: string };
type Current = Versions & { payload: unknown; cav: string | null; csv: string | null };
/** What an entry holds: the figures and the shape they were computed in. */
type Stored<F> = { format: string; figures: F };

const VERSIONS = `SELECT coalesce((SELECT version FROM stats_versions WHERE subject_id = $1), 0)::text AS av,
                         coalesce((SELECT version FROM stats_versions WHERE subject_id = $2), 0)::text AS sv`;

/** Runs `work` in one read-only REPEATABLE READ snapshot on one connection of the read pool. */
async function onOneSnapshot<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await readPool().connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const result = await work(client);
    await client.query("COMMIT");
    client.release();
    return result;
  } catch (error) {
    // The connection is discarded below whatever ROLLBACK does; the first error is the one to report.
    await client.query("ROLLBACK").catch(() => undefined);
    // A connection that failed mid-transaction is not handed out again.
    client.release(true);
    throw error;
  }
}

const isBehind = (seen: Versions, current: Versions) =>
  BigInt(seen.av) < BigInt(current.av) || BigInt(seen.sv) < BigInt(current.sv);

/**
 * The account's figures from the cache when current, else computed by `compute` on a snapshot of the
 * read pool (and stored under that snapshot's versions). `format` names the figures' shape: an entry
 * of another shape (stored before a change of the figures) is recomputed, never served.
 */
export async function cachedFigures<F>(
  account: Pick<TrackedAccount, "id" | "scopeId">,
  format: string,
  compute: (db: pg.PoolClient) => Promise<F>,
): Promise<F> {
  const { rows } = await pool().query<Current>(
    `SELECT v.av, v.sv, c.payload, c.account_version::text AS cav, c.scope_version::text AS csv
       FROM (${VERSIONS}) v LEFT JOIN account_stats_cache c ON c.account_id = $1`,
    [account.id, account.scopeId],
  );
  const current = rows[0];
  const stored = current.payload as Partial<Stored<F>> | null;
  if (stored?.format === format && current.cav === current.av && current.csv === current.sv) return stored.figures as F;

  const { seen, figures } = await onOneSnapshot(async (client) => {
    const versions = await client.query<Versions>(VERSIONS, [account.id, account.scopeId]);
    return { seen: versions.rows[0], figures: await compute(client) };
  });
  if (isBehind(seen, current)) return figures;
  const payload: Stored<F> = { format, figures };
  await pool()
    .query(
      // A slower request that read an older snapshot never replaces a newer entry.
      `INSERT INTO account_stats_cache (account_id, account_version, scope_version, payload, computed_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (account_id) DO UPDATE SET account_version = EXCLUDED.account_version,
         scope_version = EXCLUDED.scope_version, payload = EXCLUDED.payload, computed_at = now()
       WHERE account_stats_cache.account_version <= EXCLUDED.account_version
         AND account_stats_cache.scope_version <= EXCLUDED.scope_version`,
      [account.id, seen.av, seen.sv, JSON.stringify(payload)],
    )
    .catch((error: unknown) => {
      // The account was deleted meanwhile (foreign key): nothing to keep.
      if ((error as { code?: unknown } | null)?.code !== "23503") throw error;
    });
  return figures;
}
