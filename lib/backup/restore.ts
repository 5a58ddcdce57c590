// Restores a backup archive (lib/backup/base-backup.ts) into an empty data directory: the cluster
// under <dir>/pg/cluster with the backup_label and WAL that make PostgreSQL replay to the backup's
// end on its first start, the cluster's credentials beside it, and the data directory's own files.
// It refuses a directory where PostgreSQL is running and one that holds anything already, checks
// the binaries' major version against the backup's, and verifies every file against the manifest
// before anything is put in place (an archive that fails leaves the target as it was).
import "server-only";
import { chown, mkdir, readdir, rename, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import * as tar from "tar";
import {
  CLUSTER_PREFIX,
  DATA_DIR_PREFIX,
  isManifest,
  MANIFEST_NAME,
  sha256File,
  type Manifest,
} from "@/lib/backup/manifest";
import { clusterOwner, embeddedMajorVersion, livePostmaster } from "@/lib/db/embedded";

export class RestoreRefused extends Error {
  readonly kind = "restore_refused";
}

async function isEmpty(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}

/** Reads and checks the archive's manifest without extracting the rest. */
export async function readManifest(file: string): Promise<Manifest> {
  let text = "";
  await tar.list({
    file,
    filter: (p) => p === MANIFEST_NAME,
    onReadEntry: (entry) => entry.on("data", (chunk: Buffer) => (text += chunk.toString())),
  });
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!isManifest(parsed)) throw new RestoreRefused(`${file} is not a Ledgerlink backup (no manifest).`);
  return parsed;
}

export async function restoreBackup(options: { file: string; dataDir: string }): Promise<Manifest> {
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, "pg", "cluster");
  const live = livePostmaster(clusterDir);
  if (live !== null)
    throw new RestoreRefused(
      `PostgreSQL is running on ${clusterDir} (pid ${live}). A restore never overwrites a live cluster: stop Ledgerlink, or restore into a new data directory.`,
    );
  if (!(await isEmpty(dataDir)))
    throw new RestoreRefused(`${dataDir} is not empty. Restore into an empty or new data directory (--data-dir).`);
  const manifest = await readManifest(file);
  const major = await embeddedMajorVersion();
  if (major !== manifest.postgres.major)
    throw new RestoreRefused(
      `The backup is of PostgreSQL ${manifest.postgres.version}; the embedded binaries are PostgreSQL ${major}.`,
    );

  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, ".restoring");
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    await tar.extract({ file, cwd: staging });
    for (const f of manifest.files) {
      // A file the manifest names but the archive lacks is refused on the next line as "missing".
      const sum = await sha256File(path.join(staging, f.path)).catch(() => "missing");
      if (sum !== f.sha256)
        throw new RestoreRefused(`${f.path} does not match the manifest (${sum}): the archive is damaged.`);
    }
    // Like lib/db/embedded.ts: the cluster directory is the postgres user's (0700), its parents traversable.
    await mkdir(path.join(dataDir, "pg"), { recursive: true });
    const owner = clusterOwner();
    if (owner.uid !== undefined) await chownTree(path.join(staging, CLUSTER_PREFIX), owner.uid, owner.gid ?? owner.uid);
    await rename(path.join(staging, CLUSTER_PREFIX), clusterDir);
    for (const name of existsSync(path.join(staging, DATA_DIR_PREFIX))
      ? await readdir(path.join(staging, DATA_DIR_PREFIX))
      : []) {
      // The cluster's credentials live beside it (lib/db/embedded.ts); the rest at the top.
      const target = name === "credentials.json" ? path.join(dataDir, "pg", name) : path.join(dataDir, name);
      await rename(path.join(staging, DATA_DIR_PREFIX, name), target);
    }
    return manifest;
  } catch (error) {
    // Nothing half-restored stays behind: the directory was empty.
    for (const entry of await readdir(dataDir)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
