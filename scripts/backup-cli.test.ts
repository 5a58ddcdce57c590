// With DATABASE_URL set, the database is not ours to copy: both commands refuse and say whose
// backups they are, before touching anything.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATABASE_URL: "postgresql://someone@db.example.com/ledgerlink" },
    encoding: "utf8",
  });

describe("npm run backup / restore with DATABASE_URL", () => {
  for (const [script, args] of [
    ["scripts/backup.ts", ["/tmp/never-written.tar.gz"]],
    ["scripts/restore.ts", ["/tmp/never-read.tar.gz", "--data-dir", "/tmp/never-made"]],
  ] as const) {
    it(`${script} refuses and names the database's own means`, () => {
      const result = run(script, [...args]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/DATABASE_URL is set/);
      expect(result.stderr).toMatch(/snapshots, pg_dump \/ pg_restore, or point-in-time recovery/);
    });
  }
});
