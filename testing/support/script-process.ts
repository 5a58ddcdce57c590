// `npm start`, `npm run worker` or `npm run banks` in a process of its own, as the e2e suites and
// the bench run them: `ready` resolves on the line the script prints once it runs, `stop` signals it and waits for its
// exit. `npm: true` starts it through npm (`npm run worker`) and signals npm's whole process group;
// otherwise it is what npm runs (`node scripts/run.mjs worker`: the compiled process; the banks:
// tsx sandbox/server.ts), so a signal reaches it directly.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";

const SCRIPTS = {
  start: { args: ["scripts/run.mjs", "start"], npm: ["start"], readyLine: "Ledgerlink is running on" },
  worker: { args: ["scripts/run.mjs", "worker"], npm: ["run", "--silent", "worker"], readyLine: "Sync worker running" },
  banks: {
    args: ["--import", "tsx", "sandbox/server.ts"],
    npm: ["run", "--silent", "banks"],
    readyLine: "Banks running on",
  },
} as const;

/** What `npm run <name>` runs, without npm: a process's arguments after `node`. */
export const scriptArgs = (name: keyof typeof SCRIPTS): string[] => [...SCRIPTS[name].args];

export type ScriptProcess = {
  child: ChildProcess;
  /** Resolves once the script says it runs; rejects if it exits first. */
  ready: Promise<void>;
  /** What it printed so far: stdout, and stderr too with `captureStderr`. */
  output: () => string;
  /** Resolves with how it exited, whenever it does (it is not signalled). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Signals it (SIGTERM by default) and resolves with how it exited; at once if it already has. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function startScript(
  name: keyof typeof SCRIPTS,
  env: NodeJS.ProcessEnv,
  options: { npm?: boolean; captureStderr?: boolean } = {},
): ScriptProcess {
  const script = SCRIPTS[name];
  const stdio: ["ignore", "pipe", "pipe" | "inherit"] = ["ignore", "pipe", options.captureStderr ? "pipe" : "inherit"];
  const child = options.npm
    ? spawn("npm", [...script.npm], { env, stdio, detached: true })
    : spawn(process.execPath, [...script.args], { env, stdio });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    // Read on after the line too: a full pipe would stall the script.
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(script.readyLine)) resolve();
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(([code, signal]) =>
      reject(new Error(`${script.args.join(" ")} exited (${code ?? signal}) before it ran:\n${output}`)),
    );
  });
  // A caller that never awaits `ready` must not fail on it.
  ready.catch(() => undefined);
  return {
    child,
    ready,
    exited: exited.then(([code, signal]) => ({ code, signal })),
    output: () => output,
    stop: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) {
        if (options.npm && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      }
      const [code, exitSignal] = await exited;
      return { code, signal: exitSignal };
    },
  };
}

/**
 * `npm run worker`'s script for an integration test: this process's environment (its databases, and
 * the banks setup-env.ts configured: SANDBOX_BANK_URL), no scheduler, and `env` on top; resolves
 * once it runs. It takes over a silent run after production's 60 s, not the tests' 3 s: alone, it
 * would otherwise take over its own runs whenever a heartbeat came late on a loaded machine, and
 * count each one attempt more (metrics, traces).
 */
export async function startTestWorker(env: Record<string, string>): Promise<ScriptProcess> {
  const worker = startScript(
    "worker",
    { ...process.env, SYNC_SCHEDULER: "0", SYNC_STALE_SECONDS: "60", ...env },
    { captureStderr: true },
  );
  await worker.ready;
  return worker;
}
