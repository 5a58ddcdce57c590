// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, under an
// advisory lock, and records them in Prisma's own `_prisma_migrations` table (same columns and
// sha256 checksum) so `prisma migrate status/deploy` agree wherever the native engine exists.
// (Prisma 6.19's `migrate deploy` through the pg driver adapter fails on PostgreSQL 15/18.)
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const LOCK_ID = 72_707_369; // arbitrary, constant: one migrator at a time per database

const BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type MigrationResult = { applied: string[]; alreadyApplied: number };

export function listMigrations(dir = path.resolve("prisma/migrations")): { name: string; sql: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));
}

export async function migrate(databaseUrl: string, dir?: string): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(BOOKKEEPING);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const result: MigrationResult = { applied: [], alreadyApplied: 0 };
    for (const migration of listMigrations(dir)) {
      const checksum = createHash("sha256").update(migration.sql).digest("hex");
      const previous = applied.get(migration.name);
      if (previous !== undefined) {
        if (previous !== checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch)`);
        }
        result.alreadyApplied += 1;
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [id, checksum, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed`, { cause: error });
      }
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
