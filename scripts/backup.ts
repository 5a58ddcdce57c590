// `npm run backup -- <file>`: an online backup of the embedded cluster under DATA_DIR, while
// Ledgerlink runs (lib/backup/base-backup.ts), as one gzipped tar file with its manifest. Refused
// when DATABASE_URL is set (that database's backups are its own). The cluster is shared when it
// runs, else started for the backup and stopped after.
import { createHash } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { DATA_DIR_FILES, refuseExternalDatabase } from "./backup-shared";

async function sha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function main(): Promise<void> {
  refuseExternalDatabase();
  const file = process.argv[2];
  if (!file || file.startsWith("-"))
    throw new Error("usage: npm run backup -- <file>   (e.g. backups/ledgerlink.tar.gz)");
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const clusterDir = path.join(dataDir, "pg", "cluster");
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) throw new Error(`No embedded cluster under ${dataDir}.`);
  const { startEmbeddedPostgres } = await import("@/lib/db/embedded");
  const { takeBackup } = await import("@/lib/backup/base-backup");
  const cluster = await startEmbeddedPostgres({ dir: path.join(dataDir, "pg"), database: "postgres" });
  try {
    const appUrl = new URL(cluster.url);
    appUrl.pathname = "/ledgerlink";
    const manifest = await takeBackup({
      clusterUrl: cluster.url,
      appDatabaseUrl: appUrl.toString(),
      clusterDir,
      dataDir,
      dataDirFiles: DATA_DIR_FILES.filter((f) => existsSync(path.join(dataDir, f))),
      file,
    });
    const size = statSync(file).size;
    console.log(
      [
        `Backup written: ${path.resolve(file)}`,
        `  taken:       ${manifest.startedAt} – ${manifest.finishedAt}`,
        `  size:        ${size} bytes (${manifest.size} bytes of files, ${manifest.files.length} files)`,
        `  sha256:      ${await sha256(file)}`,
        `  PostgreSQL:  ${manifest.postgres.version}, WAL ${manifest.wal.startLsn} – ${manifest.wal.stopLsn}`,
        `  migrations:  ${manifest.migrations.applied} applied, latest ${manifest.migrations.latest ?? "none"}`,
        `Restore it with: npm run restore -- ${file} --data-dir <an empty directory>`,
      ].join("\n"),
    );
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
