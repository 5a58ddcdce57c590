// Prisma CLI configuration. The "js" engine with the pg driver adapter keeps the CLI offline:
// without a migrate adapter, Prisma 6.19 tries to download a native schema engine.
// Migrations are applied by our own runner (lib/db/migrate.ts); the CLI is used to generate the
// client and to author migration SQL with `prisma migrate diff`. The CLI never ends the adapter's
// pool, so `allowExitOnIdle` lets it exit once its work is done instead of 10 s later, when pg's idle
// timeout closes the last connection (`migrate diff` took 11 s, 0.2 s of it the diff: docs/testing.md).
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

export default defineConfig({
  schema: "prisma/schema.prisma",
  experimental: { adapter: true },
  engine: "js",
  adapter: () =>
    Promise.resolve(
      new PrismaPg({
        connectionString: process.env.DATABASE_URL ?? "postgresql://localhost/ledgerlink",
        allowExitOnIdle: true,
      }),
    ),
});
