// Resolves the database for scripts: DATABASE_URL when set, else the embedded cluster under
// DATA_DIR; then applies migrations.
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

export async function prepareDatabase(options: { dataDir: string; database?: string; quiet?: boolean }): Promise<{
  url: string;
  stop: () => Promise<void>;
  embedded: boolean;
}> {
  const given = process.env.DATABASE_URL;
  let url: string;
  let stop = (): Promise<void> => Promise.resolve();
  if (given) {
    url = given;
  } else {
    const db = await startEmbeddedPostgres({
      dir: path.join(options.dataDir, "pg"),
      database: options.database ?? "ledgerlink",
    });
    url = db.url;
    stop = db.stop;
  }
  // Migrations hold a session lock: on the direct server when DATABASE_URL is a transaction pooler.
  const result = await migrate(process.env.DATABASE_DIRECT_URL ?? url);
  if (result.applied.length > 0 && !options.quiet) {
    console.log(`Applied migrations: ${result.applied.join(", ")}`);
  }
  if (result.functions.length > 0 && !options.quiet) {
    console.log(`Applied function files: ${result.functions.join(", ")}`);
  }
  return { url, stop, embedded: !given };
}
