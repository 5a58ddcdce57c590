// What `npm run backup` and `npm run restore` share: the refusal when the database is not ours to
// copy, and the data directory's files a backup keeps with the cluster.
export const EXTERNAL_DATABASE_MESSAGE = [
  "DATABASE_URL is set: the database is not the embedded cluster, and its backups are its own —",
  "a managed service's snapshots, pg_dump / pg_restore, or point-in-time recovery (WAL archiving).",
  "npm run backup and npm run restore copy the embedded cluster under DATA_DIR only.",
].join("\n");

/** Files `npm start` keeps under DATA_DIR besides the cluster (credentials, generated secrets, fake banks' keys). */
export const DATA_DIR_FILES = [
  "pg/credentials.json",
  "auth-secret",
  "sandbox-control-secret",
  "enablebanking-fake-key.pem",
  "enablebanking-fake-key.pub.pem",
  "gocardless-fake-secret",
];

export function refuseExternalDatabase(): void {
  if (!process.env.DATABASE_URL) return;
  console.error(EXTERNAL_DATABASE_MESSAGE);
  process.exit(1);
}
