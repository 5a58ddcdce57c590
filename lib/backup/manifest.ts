// The manifest inside every backup archive (its first entry, `manifest.json`): when it was taken,
// from which PostgreSQL and at which migration level, and each file with its size and sha256, so a
// restore can prove it put back exactly what was copied.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

export const MANIFEST_NAME = "manifest.json";
export const MANIFEST_FORMAT = "ledgerlink-backup/1";
/** Where the cluster's files and the data directory's own files sit inside the archive. */
export const CLUSTER_PREFIX = "cluster";
export const DATA_DIR_PREFIX = "data-dir";

export type ManifestFile = { path: string; size: number; sha256: string };

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  startedAt: string;
  finishedAt: string;
  postgres: { version: string; major: number; systemIdentifier: string };
  wal: { startLsn: string; stopLsn: string; segments: number };
  migrations: { applied: number; latest: string | null };
  /** Bytes of all files (before compression). */
  size: number;
  files: ManifestFile[];
};

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

export function isManifest(value: unknown): value is Manifest {
  const m = value as Partial<Manifest> | null;
  return typeof m === "object" && m !== null && m.format === MANIFEST_FORMAT && Array.isArray(m.files);
}
