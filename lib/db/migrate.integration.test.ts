// The migration runner on databases of its own: migrations once, in order; function files applied
// after them and again only when changed, or before the one migration that names one; a rewritten
// migration accepted by the checksum of its original text (prisma/migrations/rewritten.json), any
// other edit refused. And the split itself: every function and trigger of a migrated database comes
// from a prisma/functions file and each file's objects are there, no migration creates one, and
// applying the files again over what they made (as an upgrade does) changes no definition.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";

const MIGRATIONS = path.resolve("prisma/migrations");
const FUNCTIONS = path.resolve("prisma/functions");
const REWRITTEN = JSON.parse(readFileSync(path.join(MIGRATIONS, "rewritten.json"), "utf8")) as Record<string, string>;
const FUNCTION_FILES = readdirSync(FUNCTIONS)
  .filter((f) => f.endsWith(".sql"))
  .sort();
const SNAPSHOT = path.join(MIGRATIONS, "schema.snapshot.prisma");
const stamp = Date.now().toString(36);
const name = `migrate_${stamp}`;
const scratch = `migrate_scratch_${stamp}`;
const fromSnapshot = `migrate_snapshot_${stamp}`;
let admin: pg.Client;
let url: string;
let scratchUrl: string;

async function rows<T>(sql: string, values: unknown[] = [], at = url): Promise<T[]> {
  const client = new pg.Client({ connectionString: at });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const one = async <T>(sql: string, values: unknown[] = []): Promise<T> => (await rows<T>(sql, values))[0];

function databaseUrl(database: string): string {
  const target = new URL(process.env.DATABASE_URL ?? "");
  target.pathname = `/${database}`;
  return target.toString();
}

// The functions of the schema (not an extension's) and the triggers (not a constraint's), each with
// its whole definition as the catalog gives it back.
const FUNCTIONS_SQL = `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition FROM pg_proc p
  WHERE p.pronamespace = 'public'::regnamespace
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') ORDER BY 1, 2`;
const TRIGGERS_SQL = `SELECT t.tgname AS name, c.relname AS "table", pg_get_triggerdef(t.oid) AS definition
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal ORDER BY 1, 2`;

// A schema's tables as Prisma can say them: columns (a generated one marked), indexes, constraints,
// enums and extensions, one line each.
const CATALOG_SQL = `
SELECT 'column ' || table_name || '.' || column_name || ' ' || udt_name || ' ' || is_nullable || ' '
       || coalesce(column_default, '-') || coalesce(' generated ' || generation_expression, '') AS line
  FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE '\\_%'
UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename NOT LIKE '\\_%'
UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
  WHERE connamespace = 'public'::regnamespace AND conrelid <> 0 AND conrelid::regclass::text NOT LIKE '\\_%'
UNION ALL SELECT 'enum ' || t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
  FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname
UNION ALL SELECT 'extension ' || extname FROM pg_extension
ORDER BY 1`;

/** What the function files say they create: function names, and trigger names with their table. */
function declared(): { functions: string[]; triggers: string[] } {
  const text = FUNCTION_FILES.map((f) => readFileSync(path.join(FUNCTIONS, f), "utf8")).join("\n");
  const functions = [...text.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map(([, fn]) => fn);
  const triggers = [...text.matchAll(/^CREATE OR REPLACE TRIGGER (\w+)\s[\s\S]*?\sON "?(\w+)"?/gm)].map(
    ([, trigger, table]) => `${table}.${trigger}`,
  );
  return { functions: [...new Set(functions)].sort(), triggers: triggers.sort() };
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.query(`CREATE DATABASE "${scratch}"`);
  await admin.query(`CREATE DATABASE "${fromSnapshot}"`);
  url = databaseUrl(name);
  scratchUrl = databaseUrl(scratch);
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS "${fromSnapshot}" WITH (FORCE)`);
  await admin.end();
});

describe("migration runner", () => {
  it("applies every migration, then the function files; a second run changes nothing", async () => {
    const migrations = readdirSync(MIGRATIONS, { withFileTypes: true }).filter((d) => d.isDirectory());
    const first = await migrate(url);
    expect(first.applied).toHaveLength(migrations.length);
    // The file the search column's migration needs comes first (applied with that migration), then
    // the others in name order.
    expect(first.functions).toEqual([
      "09_search_text.sql",
      ...FUNCTION_FILES.filter((f) => f !== "09_search_text.sql"),
    ]);
    expect(await migrate(url)).toEqual({ applied: [], alreadyApplied: migrations.length, functions: [] });
    // The functions are the files' current versions.
    const key = await one<{ key: string }>("SELECT counterpart_name_key('ALBERT HEIJN 1234 AMSTERDAM') AS key");
    expect(key.key).toBe("albert heijn");
    const config = await one<{ proconfig: string[] }>(
      "SELECT proconfig FROM pg_proc WHERE proname = 'assign_counterparts'",
    );
    expect(config.proconfig).toContain("plan_cache_mode=force_custom_plan");
  });

  it("assign_counterparts' row source is inlined into the statement reading it, its page filter folded", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // As assign_counterparts runs it: parameters, custom plans. Not inlined, it would be a Function
      // Scan planned on its own, and a generic plan there scans the whole account on every page.
      await client.query("SET plan_cache_mode = force_custom_plan");
      await client.query("PREPARE unassigned(uuid, text[]) AS SELECT * FROM counterpart_unassigned_rows($1, $2)");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (COSTS OFF) EXECUTE unassigned('${randomUUID()}', ARRAY['x'])`,
      );
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan).not.toContain("Function Scan");
      expect(plan).toContain("transactions");
      expect(plan).not.toMatch(/\bOR\b/);
    } finally {
      await client.end();
    }
  });

  it("applies a function file again when it changed, and only that one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "functions-"));
    try {
      cpSync(FUNCTIONS, dir, { recursive: true });
      appendFileSync(path.join(dir, "02_counterpart_keys.sql"), "\n-- edited\n");
      expect((await migrate(url, MIGRATIONS, dir)).functions).toEqual(["02_counterpart_keys.sql"]);
      expect((await migrate(url, MIGRATIONS, dir)).functions).toEqual([]);
      expect((await migrate(url)).functions).toEqual(["02_counterpart_keys.sql"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("accepts a database that ran a rewritten migration's original text, once; refuses any other edit", async () => {
    const [migration, original] = Object.entries(REWRITTEN)[0] ?? [];
    expect(migration).toBeDefined();
    const current = await one<{ checksum: string }>(
      `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1`,
      [migration],
    );
    expect(current.checksum).not.toBe(original);
    // As an older database recorded it.
    await one(`UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2`, [original, migration]);
    await migrate(url);
    const after = await one<{ checksum: string }>(
      `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1`,
      [migration],
    );
    expect(after.checksum).toBe(current.checksum);
    // Any other recorded text: the run stops, as for every applied migration.
    await one(`UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2`, ["f".repeat(64), migration]);
    await expect(migrate(url)).rejects.toThrow(/changed after it was applied/);
    await one(`UPDATE "_prisma_migrations" SET checksum = $1 WHERE migration_name = $2`, [current.checksum, migration]);
  });

  it("every function and trigger of the database is one a function file creates, and each is there", async () => {
    const files = declared();
    const functions = await rows<{ name: string }>(FUNCTIONS_SQL);
    const triggers = await rows<{ name: string; table: string }>(TRIGGERS_SQL);
    expect(files.functions.length).toBeGreaterThan(30);
    expect(files.triggers).toHaveLength(31);
    expect([...new Set(functions.map((f) => f.name))].sort()).toEqual(files.functions);
    expect(triggers.map((t) => `${t.table}.${t.name}`).sort()).toEqual(files.triggers);
  });

  it("no migration creates or alters a function or a trigger", () => {
    for (const dir of readdirSync(MIGRATIONS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      const sql = readFileSync(path.join(MIGRATIONS, dir.name, "migration.sql"), "utf8").replace(/--.*$/gm, "");
      expect(sql, dir.name).not.toMatch(/\b(CREATE|ALTER)\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER|PROCEDURE)\b/i);
    }
  });

  it("applying every function file again over what they made changes no definition", async () => {
    // What an upgrade does: the files run over functions and triggers that already exist. A file
    // that did not replace them all (a CREATE TRIGGER, a dropped SET clause) would leave another
    // definition than a fresh install's.
    const before = [await rows(FUNCTIONS_SQL), await rows(TRIGGERS_SQL)];
    await one(`DELETE FROM "_ledgerlink_functions"`);
    expect((await migrate(url)).functions).toEqual(FUNCTION_FILES);
    expect([await rows(FUNCTIONS_SQL), await rows(TRIGGERS_SQL)]).toEqual(before);
    expect(await migrate(url)).toEqual({ applied: [], alreadyApplied: expect.any(Number) as number, functions: [] });
  });

  it("applies a function file a migration names before that migration, and refuses a name it lacks", async () => {
    const migrations = mkdtempSync(path.join(tmpdir(), "migrations-"));
    const functions = mkdtempSync(path.join(tmpdir(), "functions-"));
    try {
      mkdirSync(path.join(migrations, "20260101000000_uses_f"));
      writeFileSync(
        path.join(migrations, "20260101000000_uses_f", "migration.sql"),
        "-- needs function file: 01_f.sql\nCREATE TABLE t (v text GENERATED ALWAYS AS (f_upper('x')) STORED);\nINSERT INTO t DEFAULT VALUES;\n",
      );
      writeFileSync(
        path.join(functions, "01_f.sql"),
        "CREATE OR REPLACE FUNCTION f_upper(t text) RETURNS text LANGUAGE sql IMMUTABLE RETURN upper(t);\n",
      );
      expect(await migrate(scratchUrl, migrations, functions)).toEqual({
        applied: ["20260101000000_uses_f"],
        alreadyApplied: 0,
        functions: ["01_f.sql"],
      });
      expect(await rows("SELECT v FROM t", [], scratchUrl)).toEqual([{ v: "X" }]);
      writeFileSync(
        path.join(migrations, "20260101000000_uses_f", "migration.sql"),
        "-- needs function file: 02_g.sql\n",
      );
      renameSync(path.join(migrations, "20260101000000_uses_f"), path.join(migrations, "20260102000000_uses_g"));
      await expect(migrate(scratchUrl, migrations, functions)).rejects.toThrow(/needs function file 02_g\.sql/);
    } finally {
      rmSync(migrations, { recursive: true, force: true });
      rmSync(functions, { recursive: true, force: true });
    }
  });

  it("the figures' file computes the figures of accounts that have live rows and none", async () => {
    // As on a database migrated from before the figures' tables: rows, and no figures of them. The
    // row paid to the holder's own name is an own-account transfer: in the day figures only.
    const [user, scope, consent, account] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const [sql, values] of [
      [
        "INSERT INTO users (id, email, name, password_hash) VALUES ($1::uuid, $1::text || '@example.test', 'A', 'x')",
        [user],
      ],
      ["INSERT INTO scopes (id, name) VALUES ($1, 'S')", [scope]],
      [
        `INSERT INTO consents (id, scope_id, user_id, integration_name, purpose, expiry_days)
         VALUES ($1, $2, $3, 'sandbox', 'account_access', 90)`,
        [consent, scope, user],
      ],
      [
        `INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type,
                                       external_id, currency, owner_name)
         VALUES ($1::uuid, $2, $3, 'sandbox', 'b', 'BE', 'private', $1::text, 'EUR', 'Alice Martin')`,
        [account, scope, consent],
      ],
      [
        `INSERT INTO transactions (id, scope_id, account_id, external_id, status, sort_date, amount, currency,
                                   creditor_name, debtor_name, counterpart_id, updated_at)
         SELECT gen_random_uuid(), $1, $2, 'tx-' || n, 'booked', '2026-01-0' || n, n - 3, 'EUR',
                CASE WHEN n = 2 THEN 'Alice Martin' ELSE 'Shop' END, 'Shop', $2, now()
           FROM generate_series(1, 5) n`,
        [scope, account],
      ],
    ] as const)
      await rows(sql, [...values]);
    const figures = async () => [
      await rows(
        "SELECT count, sum_in::text, sum_out::text, first_date, last_date FROM counterpart_figures WHERE account_id = $1",
        [account],
      ),
      await rows(
        "SELECT day, sign, transfer, count, total::text FROM account_day_figures WHERE account_id = $1 ORDER BY 1, 2",
        [account],
      ),
    ];
    const kept = await figures();
    expect(kept[0]).toEqual([
      { count: 4, sum_in: "3", sum_out: "2", first_date: "2026-01-01", last_date: "2026-01-05" },
    ]);
    expect(kept[1]).toHaveLength(5);
    await rows("DELETE FROM counterpart_figures WHERE account_id = $1", [account]);
    await rows("DELETE FROM account_day_figures WHERE account_id = $1", [account]);
    await rows(`DELETE FROM "_ledgerlink_functions" WHERE name = '06_figures.sql'`);
    expect((await migrate(url)).functions).toEqual(["06_figures.sql"]);
    expect(await figures()).toEqual(kept);
  });

  // scripts/new-migration.ts diffs from the snapshot: a snapshot that is not what the migrations make
  // would write a next migration that repeats or misses a change.
  it("the one schema snapshot is schema.prisma, and what the migrations make", async () => {
    for (const dir of readdirSync(MIGRATIONS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      expect(readdirSync(path.join(MIGRATIONS, dir.name)), `${dir.name}: one snapshot, in ${SNAPSHOT}`).toEqual([
        "migration.sql",
      ]);
    }
    expect(
      readFileSync(SNAPSHOT, "utf8") === readFileSync("prisma/schema.prisma", "utf8"),
      "prisma/schema.prisma changed without a migration: npm run db:new-migration -- <name>",
    ).toBe(true);
    // The snapshot built from nothing by Prisma itself, beside the migrated database.
    const sql = execFileSync(
      process.execPath,
      [
        "node_modules/prisma/build/index.js",
        "migrate",
        "diff",
        "--from-empty",
        "--to-schema-datamodel",
        SNAPSHOT,
        "--script",
      ],
      { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
    );
    const extensions = (await rows<{ extname: string }>("SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'"))
      .map((e) => `CREATE EXTENSION ${e.extname};`)
      .join("\n");
    await rows(`${extensions}\n${sql}`, [], databaseUrl(fromSnapshot));
    const made = (await rows<{ line: string }>(CATALOG_SQL)).map((r) => r.line);
    const said = (await rows<{ line: string }>(CATALOG_SQL, [], databaseUrl(fromSnapshot))).map((r) => r.line);
    // Everything the snapshot says, the migrations made.
    expect(said.filter((line) => !made.includes(line))).toEqual([]);
    // And every column they made, the snapshot says: what it does not are the objects schema.prisma
    // cannot express (checks, partial and expression indexes, the generated search column).
    expect(
      made.filter((line) => line.startsWith("column ") && !said.includes(line) && !line.includes(" generated ")),
    ).toEqual([]);
  }, 180_000);
});
