// `npm run standby -- --data-dir D`: a streaming standby of the embedded cluster under DATA_DIR
// (lib/backup/standby.ts), in D, run until SIGINT/SIGTERM; on a later run, D's standby is started
// again and catches up through its slot. It prints the URL to give the app as DATABASE_REPLICA_URL
// (the primary's credentials: the standby is a copy of its cluster). Refused with DATABASE_URL.
// `npm run standby -- --forget`: drops the primary's slot for a standby gone for good (else the
// primary keeps all WAL for it, without end).
import { existsSync } from "node:fs";
import path from "node:path";
import { refuseExternalDatabase } from "./backup-shared";
import { runUntilSignal } from "@/lib/plumbing/run-until-signal";

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

async function forget(primaryDir: string): Promise<never> {
  const { startEmbeddedPostgres } = await import("@/lib/db/embedded");
  const { dropStandbySlot } = await import("@/lib/backup/standby");
  const primary = await startEmbeddedPostgres({ dir: path.join(primaryDir, "pg"), database: "postgres" });
  try {
    console.log((await dropStandbySlot(primary.url)) ? "The standby's slot is dropped." : "No standby slot to drop.");
  } finally {
    await primary.stop();
  }
  process.exit(0);
}

runUntilSignal(async () => {
  refuseExternalDatabase();
  const primaryDir = path.resolve(process.env.DATA_DIR ?? ".data");
  if (process.argv.includes("--forget")) return forget(primaryDir);
  const target = argument("--data-dir");
  if (!target) throw new Error("usage: npm run standby -- --data-dir <directory for the standby>");
  const dataDir = path.resolve(target);
  const { startEmbeddedPostgres } = await import("@/lib/db/embedded");
  const { startStandby } = await import("@/lib/backup/standby");
  let standby;
  if (existsSync(path.join(dataDir, "pg", "cluster", "standby.signal"))) {
    standby = await startEmbeddedPostgres({ dir: path.join(dataDir, "pg"), database: "ledgerlink" });
  } else {
    const primary = await startEmbeddedPostgres({ dir: path.join(primaryDir, "pg"), database: "ledgerlink" });
    if (primary.owned) {
      await primary.stop();
      throw new Error(
        `Ledgerlink is not running on ${primaryDir}: start it first (a standby follows a running primary).`,
      );
    }
    const admin = Object.assign(new URL(primary.url), { pathname: "/postgres" }).toString();
    standby = await startStandby({
      primaryUrl: admin,
      primaryAppUrl: primary.url,
      primaryDataDir: primaryDir,
      dataDir,
    });
  }
  console.log(`Standby running in ${dataDir}. Give the app:\n  DATABASE_REPLICA_URL=${standby.url}\nCtrl-C to stop.`);
  return () => standby.stop();
});
