// An online base backup of the embedded cluster with PostgreSQL's low-level API, while the app runs
// and syncs (https://www.postgresql.org/docs/current/continuous-archiving.html#BACKUP-LOWLEVEL-BASE-BACKUP):
//   1. a session creates a temporary physical replication slot, so no checkpoint removes the WAL the
//      backup needs while the files are copied, then calls pg_backup_start (non-exclusive, fast);
//   2. the data directory's files are copied as they are (pages torn by concurrent writes are
//      repaired by the WAL replay), leaving out what the documentation says to omit;
//   3. pg_backup_stop writes the end-of-backup record and switches WAL segments; its label file is
//      stored as backup_label, and every WAL segment from the backup's start to its stop is copied;
//   4. the copy, the manifest and the data directory's own files (the cluster's credentials, a demo's
//      generated secret) are written as one gzipped tar archive, atomically (a .partial renamed).
// Started on the restored directory, PostgreSQL replays that WAL and opens at the backup's end,
// as it does for pg_basebackup's output. (The package ships no pg_basebackup, and Debian's v15
// client tools refuse a v18 server.)
import "server-only";
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";
import {
  CLUSTER_PREFIX,
  DATA_DIR_PREFIX,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  sha256File,
  type Manifest,
  type ManifestFile,
} from "@/lib/backup/manifest";
import { APPLIED_MIGRATIONS } from "@/lib/db/migrate";

// Left out of the copy (their directories are kept, empty): the docs' list for a low-level backup.
const EMPTIED_DIRS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
]);
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "backup_label.old",
  "tablespace_map",
  "pg_internal.init",
  "current_logfiles",
]);
const isTemp = (name: string) => name.startsWith("pgsql_tmp");
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export type BackupOptions = {
  /** A superuser connection to the cluster (the embedded `postgres` role). */
  clusterUrl: string;
  /** The app's database, for the migration level in the manifest. */
  appDatabaseUrl: string;
  /** The cluster's data directory (PGDATA); checked against the server's own `data_directory`. */
  clusterDir: string;
  /** Files of DATA_DIR to keep with the cluster (credentials.json, a generated auth-secret), relative to it. */
  dataDir: string;
  dataDirFiles: string[];
  file: string;
  /** Tests only: runs after the files were copied, before pg_backup_stop (to fix the point they compare at). */
  beforeStop?: () => Promise<void>;
};

async function copyTree(from: string, to: string, files: ManifestFile[], root: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return []; // removed while we copied (a dropped database's directory)
    throw error;
  });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    const relative = path.relative(root, source);
    if (isTemp(entry.name)) continue;
    if (entry.isDirectory()) {
      if (EMPTIED_DIRS.has(relative)) await mkdir(target, { recursive: true, mode: 0o700 });
      else await copyTree(source, target, files, root);
      continue;
    }
    if (!entry.isFile() || SKIPPED_FILES.has(entry.name)) continue;
    try {
      await copyFile(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // dropped meanwhile: the WAL says so
      throw error;
    }
    files.push({ path: `${CLUSTER_PREFIX}/${relative}`, size: 0, sha256: "" });
  }
}

/** Takes the backup into `options.file`; returns its manifest. Refuses to overwrite a file. */
export async function takeBackup(options: BackupOptions): Promise<Manifest> {
  const file = path.resolve(options.file);
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${file} already exists; choose another name.`);
  const staging = `${file}.staging`;
  await rm(staging, { recursive: true, force: true });
  const session = new pg.Client({ connectionString: options.clusterUrl });
  await session.connect();
  try {
    const startedAt = new Date().toISOString();
    const about = await session.query<{
      data_directory: string;
      version: string;
      num: string;
      system: string;
      spaces: number;
    }>(
      `SELECT current_setting('data_directory') AS data_directory, current_setting('server_version') AS version,
              current_setting('server_version_num') AS num, (SELECT system_identifier::text FROM pg_control_system()) AS system,
              (SELECT count(*)::int FROM pg_tablespace WHERE spcname NOT IN ('pg_default', 'pg_global')) AS spaces`,
    );
    const server = about.rows[0];
    if (path.resolve(server.data_directory) !== path.resolve(options.clusterDir))
      throw new Error(`The server's data directory is ${server.data_directory}, not ${options.clusterDir}.`);
    if (server.spaces > 0)
      throw new Error("The cluster has tablespaces of its own; this backup copies the data directory only.");

    await session.query("SELECT pg_create_physical_replication_slot($1, true, true)", [
      `ledgerlink_backup_${process.pid}`,
    ]);
    await session.query("SELECT pg_backup_start($1, true)", [`ledgerlink ${startedAt}`]);
    const clusterStage = path.join(staging, CLUSTER_PREFIX);
    const files: ManifestFile[] = [];
    let stopped = false;
    let label: string;
    let stopLsn: string;
    try {
      await copyTree(options.clusterDir, clusterStage, files, options.clusterDir);
      await options.beforeStop?.();
      const stop = await session.query<{ lsn: string; labelfile: string; spcmapfile: string; segment: string }>(
        "SELECT lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) AS segment FROM pg_backup_stop(false)",
      );
      stopped = true;
      ({ labelfile: label, lsn: stopLsn } = stop.rows[0]);
      const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(label)?.[1];
      const last = stop.rows[0].segment;
      if (!first) throw new Error("pg_backup_stop returned a label without its start segment");
      await writeFile(path.join(clusterStage, "backup_label"), label, { mode: 0o600 });
      files.push({ path: `${CLUSTER_PREFIX}/backup_label`, size: 0, sha256: "" });
      // The WAL from the backup's start to its end: kept by our slot until this session ends.
      const walDir = path.join(options.clusterDir, "pg_wal");
      const segments = (await readdir(walDir)).filter((n) => WAL_SEGMENT.test(n) && n >= first && n <= last).sort();
      const history = (await readdir(walDir)).filter((n) => n.endsWith(".history"));
      for (const name of [...segments, ...history]) {
        await copyFile(path.join(walDir, name), path.join(clusterStage, "pg_wal", name));
        files.push({ path: `${CLUSTER_PREFIX}/pg_wal/${name}`, size: 0, sha256: "" });
      }
      await mkdir(path.join(clusterStage, "pg_wal", "archive_status"), { recursive: true, mode: 0o700 });
      const startLsn = /START WAL LOCATION: (\S+)/.exec(label)?.[1] ?? "";
      for (const name of options.dataDirFiles) {
        await mkdir(path.join(staging, DATA_DIR_PREFIX), { recursive: true, mode: 0o700 });
        await copyFile(path.join(options.dataDir, name), path.join(staging, DATA_DIR_PREFIX, path.basename(name)));
        files.push({ path: `${DATA_DIR_PREFIX}/${path.basename(name)}`, size: 0, sha256: "" });
      }
      for (const f of files) {
        const full = path.join(staging, f.path);
        f.size = (await stat(full)).size;
        f.sha256 = await sha256File(full);
      }
      const manifest: Manifest = {
        format: MANIFEST_FORMAT,
        startedAt,
        finishedAt: new Date().toISOString(),
        postgres: {
          version: server.version,
          major: Math.floor(Number(server.num) / 10000),
          systemIdentifier: server.system,
        },
        wal: { startLsn, stopLsn, segments: segments.length },
        migrations: await migrationLevel(options.appDatabaseUrl),
        size: files.reduce((sum, f) => sum + f.size, 0),
        files,
      };
      await writeFile(path.join(staging, MANIFEST_NAME), JSON.stringify(manifest, null, 2), { mode: 0o600 });
      const partial = `${file}.partial`;
      // 0600: the archive holds all the data, the cluster's credentials and generated secrets.
      await tar.create({ file: partial, cwd: staging, gzip: true, portable: true, mode: 0o600 }, [
        MANIFEST_NAME,
        ...new Set(files.map((f) => f.path.split("/")[0])),
      ]);
      await rename(partial, file);
      return manifest;
    } finally {
      // The copy's own error is what propagates; ending the session below aborts the backup anyway.
      if (!stopped) await session.query("SELECT pg_backup_stop(false)").catch(() => undefined);
    }
  } finally {
    // Ending the session drops the temporary slot (and aborts a backup still in progress).
    await session.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    await rm(`${file}.partial`, { force: true });
  }
}

async function migrationLevel(url: string): Promise<Manifest["migrations"]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migration_name: string }>(APPLIED_MIGRATIONS);
    return { applied: rows.length, latest: rows.at(-1)?.migration_name ?? null };
  } finally {
    await client.end();
  }
}
