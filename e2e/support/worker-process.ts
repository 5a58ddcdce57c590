// A separate sync worker process, started as `npm run worker` starts it, against the same data
// directory (and so the same embedded PostgreSQL) as the app under test.
import { startScript, type ScriptProcess } from "../../testing/support/script-process";

export type WorkerProcess = ScriptProcess;

export function workerEnv(baseURL: string, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: "warn",
    SYNC_SCHEDULER: "0",
    SYNC_STALE_SECONDS: "4",
    SYNC_SWEEP_SECONDS: "1",
    SYNC_BACKOFF_SECONDS: "1",
    ...extra,
  };
}

/**
 * `direct` runs the worker script itself (what `npm run worker` runs: tsx scripts/worker.ts), so
 * SIGKILL reaches the worker and not an npm wrapper; otherwise it is `npm run worker`.
 */
export function startWorker(env: NodeJS.ProcessEnv, options: { direct?: boolean } = {}): WorkerProcess {
  return startScript("worker", env, { npm: !options.direct });
}
