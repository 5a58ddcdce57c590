// `npm run restore -- <file> [--data-dir D]`: restores a backup of `npm run backup` into an empty
// data directory (D, else DATA_DIR, else .data) (lib/backup/restore.ts); `DATA_DIR=D npm start`
// then opens it at the backup's point. Refuses a directory where PostgreSQL runs or that holds
// anything, and refuses when DATABASE_URL is set (that database's backups are its own).
import path from "node:path";
import { refuseExternalDatabase } from "./backup-shared";

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  refuseExternalDatabase();
  const file = process.argv[2];
  if (!file || file.startsWith("-")) throw new Error("usage: npm run restore -- <file> [--data-dir <directory>]");
  const dataDir = path.resolve(argument("--data-dir") ?? process.env.DATA_DIR ?? ".data");
  const { restoreBackup } = await import("@/lib/backup/restore");
  const manifest = await restoreBackup({ file, dataDir });
  console.log(
    [
      `Restored the backup taken ${manifest.finishedAt} into ${dataDir}`,
      `  PostgreSQL ${manifest.postgres.version}; ${manifest.migrations.applied} migrations, latest ${manifest.migrations.latest ?? "none"}; ${manifest.files.length} files verified`,
      `Start Ledgerlink on it: DATA_DIR=${dataDir} npm start   (it replays the backup's WAL on its first start)`,
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
