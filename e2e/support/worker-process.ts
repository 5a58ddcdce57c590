// A separate sync worker process, started as `npm run worker` starts it, against the same data
// directory (and so the same embedded PostgreSQL) as the app under test.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

export type WorkerProcess = {
  child: ChildProcess;
  /** Resolves once the worker says it runs (its queue is polled); rejects if it exits first. */
  ready: Promise<void>;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

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
  const stdio: ["ignore", "pipe", "inherit"] = ["ignore", "pipe", "inherit"];
  const child = options.direct
    ? spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { env, stdio })
    : spawn("npm", ["run", "--silent", "worker"], { env, stdio, detached: true });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Sync worker running")) resolve();
    });
    child.once("exit", (code, signal) => reject(new Error(`the worker exited (${code ?? signal}) before it ran`)));
  });
  // Read on: a full pipe would stall the worker. A test that never awaits `ready` must not fail on it.
  ready.catch(() => undefined);
  return {
    child,
    ready,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      // npm runs the worker in a child of its own: signal the whole group it leads.
      if (!options.direct && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
      await exited;
    },
  };
}
