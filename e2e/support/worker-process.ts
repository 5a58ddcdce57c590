// A separate sync worker process, started as `npm run worker` starts it, against the same data
// directory (and so the same embedded PostgreSQL) as the app under test, and configured to reach the
// same banks as that app: the launcher's own plan for them (scripts/launch/demo-banks.ts), from the
// same launcher options (ENABLE_BANKING_FAKE=1 …) and the key and secrets it made under the data dir.
import { planDemoBanks } from "../../scripts/launch/demo-banks";
import { startScript, type ScriptProcess } from "../../testing/support/script-process";
import { E2E_SANDBOX_CONTROL_SECRET } from "../control-secret";
import { banksUrlFor } from "./topology";

export type WorkerProcess = ScriptProcess;

export function workerEnv(baseURL: string, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const appPort = Number(new URL(baseURL).port);
  const launcherOptions: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    SANDBOX_BANK_URL: banksUrlFor(appPort),
    SANDBOX_CONTROL_SECRET: E2E_SANDBOX_CONTROL_SECRET,
  };
  const banks = planDemoBanks({
    env: launcherOptions,
    dataDir,
    appPort,
    sandboxDatabaseUrl: null,
  });
  return {
    ...process.env,
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: "warn",
    SYNC_SCHEDULER: "0",
    SYNC_STALE_SECONDS: "4",
    SYNC_SWEEP_SECONDS: "1",
    SYNC_BACKOFF_SECONDS: "1",
    ...banks.appEnv,
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
