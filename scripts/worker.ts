// `npm run worker`: a sync worker process (scale out, or run the app with SYNC_IN_APP=0). Uses
// DATABASE_URL, or the embedded cluster under DATA_DIR (shared with a running `npm start`).
import path from "node:path";
import { prepareDatabase } from "./database";
import { runUntilSignal } from "./run-until-signal";

runUntilSignal(async () => {
  const db = await prepareDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? ".data") });
  process.env.DATABASE_URL = db.url;
  const { startWorker } = await import("@/lib/sync/worker");
  const stop = await startWorker({ concurrency: Number(process.env.SYNC_CONCURRENCY ?? 2) });
  console.log("Sync worker running. Ctrl-C to stop.");
  return async () => {
    await stop();
    await db.stop();
  };
});
