// A streaming standby of the embedded cluster, started from a backup (lib/backup/base-backup.ts):
// PostgreSQL's own physical replication. A permanent replication slot on the primary is created
// first, so the primary keeps every WAL segment the standby has not received yet (from before the
// backup's start, while it is restored, and whenever the standby is down); the backup is restored
// into the standby's data directory with standby.signal and primary_conninfo/primary_slot_name in
// postgresql.auto.conf, and started: it replays the backup's WAL, then streams the rest. Its URL
// is what DATABASE_REPLICA_URL names (read-only). Removing a standby for good: drop its slot.
import "server-only";
import { appendFile, chown, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { takeBackup } from "@/lib/backup/base-backup";
import { restoreBackup } from "@/lib/backup/restore";
import { clusterOwner, startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";

export type StandbyOptions = {
  /** The primary: its superuser URL (database postgres), its app database, its data directory. */
  primaryUrl: string;
  primaryAppUrl: string;
  primaryDataDir: string;
  /** An empty directory for the standby (its cluster under pg/, as the embedded layout has it). */
  dataDir: string;
  slot?: string;
};

const quote = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** Starts a standby of the primary; the returned URL is its app database (read-only). */
export async function startStandby(options: StandbyOptions): Promise<EmbeddedDatabase & { slot: string }> {
  const slot = options.slot ?? "ledgerlink_standby";
  const primary = new URL(options.primaryUrl);
  const admin = new pg.Client({ connectionString: options.primaryUrl });
  await admin.connect();
  try {
    await admin.query(
      `SELECT pg_create_physical_replication_slot($1, true)
        WHERE NOT EXISTS (SELECT 1 FROM pg_replication_slots WHERE slot_name = $1)`,
      [slot],
    );
  } finally {
    await admin.end();
  }
  const file = path.join(path.dirname(path.resolve(options.dataDir)), `${path.basename(options.dataDir)}-base.tar.gz`);
  try {
    await takeBackup({
      clusterUrl: options.primaryUrl,
      appDatabaseUrl: options.primaryAppUrl,
      clusterDir: path.join(options.primaryDataDir, "pg", "cluster"),
      dataDir: options.primaryDataDir,
      dataDirFiles: ["pg/credentials.json"],
      file,
    });
    await restoreBackup({ file, dataDir: options.dataDir });
  } finally {
    await rm(file, { force: true });
  }
  const clusterDir = path.join(options.dataDir, "pg", "cluster");
  const conninfo = [
    `host=${primary.hostname}`,
    `port=${primary.port}`,
    `user=${decodeURIComponent(primary.username)}`,
    `password=${decodeURIComponent(primary.password)}`,
    "application_name=ledgerlink_standby",
  ].join(" ");
  await appendFile(
    path.join(clusterDir, "postgresql.auto.conf"),
    `primary_conninfo = ${quote(conninfo)}\nprimary_slot_name = ${quote(slot)}\n`,
  );
  await writeFile(path.join(clusterDir, "standby.signal"), "");
  const owner = clusterOwner();
  if (owner.uid !== undefined)
    for (const name of ["postgresql.auto.conf", "standby.signal"])
      await chown(path.join(clusterDir, name), owner.uid, owner.gid ?? owner.uid);
  const standby = await startEmbeddedPostgres({ dir: path.join(options.dataDir, "pg"), database: "ledgerlink" });
  return { ...standby, slot };
}

/** Drops the slot of a standby gone for good (true when there was one). */
export async function dropStandbySlot(primaryUrl: string, slot = "ledgerlink_standby"): Promise<boolean> {
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1",
      [slot],
    );
    return (rowCount ?? 0) > 0;
  } finally {
    await admin.end();
  }
}
