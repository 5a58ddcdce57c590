// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, under an
// advisory lock, and records them in Prisma's own `_prisma_migrations` table (same columns and
// sha256 checksum) so `prisma migrate status/deploy` agree wherever the native engine exists.
// (Prisma 6.19's `migrate deploy` through the pg driver adapter fails on PostgreSQL 15/18.)
//
// Then the functions and triggers (prisma/functions/*.sql, in file-name order, each a CREATE OR
// REPLACE FUNCTION / TRIGGER): repeatable, applied when new or changed (checksum in
// `_ledgerlink_functions`, which forgets files no longer there), so a function's or trigger's one
// source is its file and a change to it is a change to that file, not a restatement in a new
// migration. Migrations hold tables, indexes, data and drops only. A change of a function's arguments
// or result type still needs a migration that drops the old one first. A migration that calls a
// function as it runs (a generated column's expression) names its file on a line
// `-- needs function file: <file>`, and that file is applied first, in the migration's transaction;
// a data step that would call one is written in plain SQL instead, since on a fresh database the
// functions come after every migration.
//
// Migration history is append-only, with one documented exception: prisma/migrations/rewritten.json
// names migrations whose text was rewritten (issue 14 and the move of every function and trigger
// into prisma/functions) with the checksum of the text older databases ran. That checksum is accepted
// once and replaced by the new one; any other change to an applied migration still stops the run.
import "server-only";
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

const FUNCTIONS_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_ledgerlink_functions" (
  "name" TEXT PRIMARY KEY,
  "checksum" VARCHAR(64) NOT NULL,
  "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

type SqlFile = { name: string; sql: string };
type MigrationResult = { applied: string[]; alreadyApplied: number; functions: string[] };

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function sqlFiles(dir: string): SqlFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), "utf8") }));
}

function rewrittenChecksums(dir: string): Record<string, string> {
  const file = path.join(dir, "rewritten.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
}

async function inTransaction(client: pg.Client, what: string, work: () => Promise<unknown>): Promise<void> {
  await client.query("BEGIN");
  try {
    await work();
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`${what} failed`, { cause: error });
  }
}

/** Each function file's checksum as last applied. */
async function appliedFunctions(client: pg.Client): Promise<Map<string, string>> {
  await client.query(FUNCTIONS_BOOKKEEPING);
  const done = await client.query<{ name: string; checksum: string }>(
    `SELECT name, checksum FROM "_ledgerlink_functions"`,
  );
  return new Map(done.rows.map((r) => [r.name, r.checksum]));
}

/** Applies one function file, inside the caller's transaction, if it is new or changed; says whether it did. */
async function applyFunctionFile(client: pg.Client, file: SqlFile, applied: Map<string, string>): Promise<boolean> {
  const checksum = sha256(file.sql);
  if (applied.get(file.name) === checksum) return false;
  await client.query(file.sql);
  await client.query(
    `INSERT INTO "_ledgerlink_functions" (name, checksum) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET checksum = $2, applied_at = now()`,
    [file.name, checksum],
  );
  applied.set(file.name, checksum);
  return true;
}

/** The function files a migration names on `-- needs function file:` lines. */
function neededFunctionFiles(migration: SqlFile, files: SqlFile[]): SqlFile[] {
  return [...migration.sql.matchAll(/^-- needs function file: (\S+)$/gm)].map(([, name]) => {
    const file = files.find((f) => f.name === name);
    if (!file) throw new Error(`Migration ${migration.name} needs function file ${name}, which is not there`);
    return file;
  });
}

function listMigrations(dir: string): SqlFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));
}

/** The names of the migrations in `dir`, in the order they apply (readiness compares them with the database's). */
export function migrationNames(dir = path.resolve("prisma/migrations")): string[] {
  return listMigrations(dir).map((m) => m.name);
}

/** The migrations the database has applied (`_prisma_migrations`, finished and not rolled back). */
export const APPLIED_MIGRATIONS = `SELECT migration_name FROM "_prisma_migrations"
  WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`;

export async function migrate(
  databaseUrl: string,
  dir = path.resolve("prisma/migrations"),
  functionsDir = path.resolve("prisma/functions"),
): Promise<MigrationResult> {
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
    const rewritten = rewrittenChecksums(dir);
    const functionFiles = sqlFiles(functionsDir);
    const functions = await appliedFunctions(client);
    const result: MigrationResult = { applied: [], alreadyApplied: 0, functions: [] };
    for (const migration of listMigrations(dir)) {
      const checksum = sha256(migration.sql);
      const previous = applied.get(migration.name);
      if (previous !== undefined) {
        if (previous !== checksum && previous === rewritten[migration.name]) {
          await client.query(
            `UPDATE "_prisma_migrations" SET checksum = $1, logs = 'text rewritten (prisma/migrations/rewritten.json)'
              WHERE migration_name = $2 AND checksum = $3`,
            [checksum, migration.name, previous],
          );
        } else if (previous !== checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch)`);
        }
        result.alreadyApplied += 1;
        continue;
      }
      const needed = neededFunctionFiles(migration, functionFiles);
      await inTransaction(client, `Migration ${migration.name}`, async () => {
        for (const file of needed) {
          if (await applyFunctionFile(client, file, functions)) result.functions.push(file.name);
        }
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), checksum, migration.name],
        );
      });
      result.applied.push(migration.name);
    }
    for (const file of functionFiles) {
      if (functions.get(file.name) === sha256(file.sql)) continue;
      await inTransaction(client, `Function file ${file.name}`, () => applyFunctionFile(client, file, functions));
      result.functions.push(file.name);
    }
    await client.query(`DELETE FROM "_ledgerlink_functions" WHERE name <> ALL($1::text[])`, [
      functionFiles.map((f) => f.name),
    ]);
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
