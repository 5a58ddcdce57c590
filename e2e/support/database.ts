// Direct, read-mostly access to the embedded PostgreSQL under an e2e data directory, for checks the
// public API does not expose (every run of an account, every bank access) and for moving the
// scheduler's clock (an account's next update).
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** A pool on the `ledgerlink` database of the cluster that `npm start` keeps under `dataDir`. */
export function openDatabase(dataDir: string): pg.Pool {
  const file = path.join(dataDir, "pg", "credentials.json");
  const { password, port } = JSON.parse(readFileSync(file, "utf8")) as { password: string; port: number };
  return new pg.Pool({
    connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/ledgerlink`,
    max: 4,
  });
}
