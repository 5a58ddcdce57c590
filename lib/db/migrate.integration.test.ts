// The migration runner on databases of its own: migrations once, in order; function files applied
// after them and again only when changed; a rewritten migration accepted by the checksum of its
// original text (prisma/migrations/rewritten.json), any other edit refused.
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, appendFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";

const MIGRATIONS = path.resolve("prisma/migrations");
const FUNCTIONS = path.resolve("prisma/functions");
const REWRITTEN = JSON.parse(readFileSync(path.join(MIGRATIONS, "rewritten.json"), "utf8")) as Record<string, string>;
const name = `migrate_${Date.now().toString(36)}`;
let admin: pg.Client;
let url: string;

async function one<T>(sql: string, values: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows[0] as T;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const target = new URL(process.env.DATABASE_URL ?? "");
  target.pathname = `/${name}`;
  url = target.toString();
});

afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

describe("migration runner", () => {
  it("applies every migration, then the function files; a second run changes nothing", async () => {
    const migrations = readdirSync(MIGRATIONS, { withFileTypes: true }).filter((d) => d.isDirectory());
    const first = await migrate(url);
    expect(first.applied).toHaveLength(migrations.length);
    expect(first.functions).toEqual(
      readdirSync(FUNCTIONS)
        .filter((f) => f.endsWith(".sql"))
        .sort(),
    );
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
      appendFileSync(path.join(dir, "01_counterpart_name_key.sql"), "\n-- edited\n");
      expect((await migrate(url, MIGRATIONS, dir)).functions).toEqual(["01_counterpart_name_key.sql"]);
      expect((await migrate(url, MIGRATIONS, dir)).functions).toEqual([]);
      expect((await migrate(url)).functions).toEqual(["01_counterpart_name_key.sql"]);
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
});
