// Authors the next migration with `prisma migrate diff` from the schema snapshot kept beside the
// newest migration to prisma/schema.prisma. Usage: npm run db:new-migration -- name
// (The CLI's js engine wants a reachable database even for a datamodel-to-datamodel diff, so a
// scratch embedded cluster is started for it.)
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";

const MIGRATIONS = "prisma/migrations";
const SNAPSHOT = "schema.snapshot.prisma";

function previousSnapshot(): string | null {
  if (!existsSync(MIGRATIONS)) return null;
  const dirs = readdirSync(MIGRATIONS)
    .filter((d) => existsSync(path.join(MIGRATIONS, d, SNAPSHOT)))
    .sort();
  const last = dirs.at(-1);
  return last ? path.join(MIGRATIONS, last, SNAPSHOT) : null;
}

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: npm run db:new-migration -- snake_case_name");
  const db = await startEmbeddedPostgres({ dir: ".data/pg-scratch", database: "scratch" });
  try {
    const from = previousSnapshot();
    const sql = execFileSync(
      process.execPath,
      [
        "node_modules/prisma/build/index.js",
        "migrate",
        "diff",
        ...(from ? ["--from-schema-datamodel", from] : ["--from-empty"]),
        "--to-schema-datamodel",
        "prisma/schema.prisma",
        "--script",
      ],
      { env: { ...process.env, DATABASE_URL: db.url }, encoding: "utf8" },
    );
    if (!sql.trim() || /-- This is an empty migration/.test(sql)) {
      console.log("Schema and migrations agree; nothing to write.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join("prisma/migrations", `${stamp}_${name}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
    copyFileSync("prisma/schema.prisma", path.join(dir, SNAPSHOT));
    console.log(`Wrote ${dir}/migration.sql`);
  } finally {
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
