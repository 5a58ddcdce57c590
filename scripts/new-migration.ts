// Authors the next migration with `prisma migrate diff` from the schema snapshot to
// prisma/schema.prisma. Usage: npm run db:new-migration -- name
// The snapshot (prisma/migrations/schema.snapshot.prisma) is the datamodel the migrations produce,
// one file replaced by each new migration, not a copy per migration: only the newest was ever read.
// lib/db/migrate.integration.test.ts checks it against a migrated database and against schema.prisma.
// (The CLI's js engine wants a reachable database even for a datamodel-to-datamodel diff, so a
// scratch embedded cluster is started for it.)
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";

const MIGRATIONS = "prisma/migrations";
const SCHEMA = "prisma/schema.prisma";
const SNAPSHOT = path.join(MIGRATIONS, "schema.snapshot.prisma");

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: npm run db:new-migration -- snake_case_name");
  const db = await startEmbeddedPostgres({ dir: ".data/pg-scratch", database: "scratch" });
  try {
    const sql = execFileSync(
      process.execPath,
      [
        "node_modules/prisma/build/index.js",
        "migrate",
        "diff",
        ...(existsSync(SNAPSHOT) ? ["--from-schema-datamodel", SNAPSHOT] : ["--from-empty"]),
        "--to-schema-datamodel",
        SCHEMA,
        "--script",
      ],
      { env: { ...process.env, DATABASE_URL: db.url }, encoding: "utf8" },
    );
    if (!sql.trim() || /-- This is an empty migration/.test(sql)) {
      // Nothing to migrate, but the schema's text may have moved (comments, order): the snapshot
      // follows it, so it stays equal to schema.prisma.
      copyFileSync(SCHEMA, SNAPSHOT);
      console.log("Schema and migrations agree; nothing to write (snapshot refreshed).");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(MIGRATIONS, `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
    copyFileSync(SCHEMA, SNAPSHOT);
    console.log(`Wrote ${dir}/migration.sql and replaced ${SNAPSHOT}`);
  } finally {
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
