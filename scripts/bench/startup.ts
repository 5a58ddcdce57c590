// How long the product's processes take to start, and the CPU they spend getting there: the worker
// and the web server as `npm start` runs them (compiled by scripts/run.mjs) against the same
// processes from their TypeScript under tsx (how they ran before), taking turns after a warm-up of
// each. Ready: the process's IPC message (both send one). CPU: the child's own user + system time at
// that moment, from /proc, so nothing of the bench's.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { freeLoopbackPort } from "../launch/free-port";
import { ownCpuMs } from "./cpu";

export type Way = "compiled" | "tsx";
export type Kind = "worker" | "server";
export type StartupTimes = { readyMs: number[]; cpuMs: number[] };

const ENTRY: Record<Kind, string> = { worker: "scripts/worker.ts", server: "scripts/serve.ts" };
const RUN_NAME: Record<Kind, string> = { worker: "worker", server: "serve" };
async function startOnce(kind: Kind, way: Way): Promise<{ readyMs: number; cpuMs: number }> {
  const args = way === "compiled" ? ["scripts/run.mjs", RUN_NAME[kind]] : ["--import", "tsx", ENTRY[kind]];
  const env = { ...process.env, PORT: String(await freeLoopbackPort()), SYNC_SCHEDULER: "0" };
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const exited = once(child, "exit");
  const ready = new Promise<void>((resolve, reject) => {
    child.on("message", (message: { ready?: boolean } | null) => {
      if (message?.ready) resolve();
    });
    void exited.then(([code]) => reject(new Error(`${args.join(" ")} exited (${String(code)}) before it was ready`)));
  });
  await ready;
  const readyMs = performance.now() - started;
  const cpuMs = ownCpuMs(child.pid!);
  child.kill("SIGTERM");
  await exited;
  return { readyMs, cpuMs };
}

/** `rounds` starts of each way of each process, alternating, after one warm-up start of each. */
export async function benchStartup(rounds = 5): Promise<Record<Kind, Record<Way, StartupTimes>>> {
  const empty = (): Record<Way, StartupTimes> => ({
    compiled: { readyMs: [], cpuMs: [] },
    tsx: { readyMs: [], cpuMs: [] },
  });
  const result: Record<Kind, Record<Way, StartupTimes>> = { worker: empty(), server: empty() };
  for (const kind of ["worker", "server"] as const) {
    await startOnce(kind, "tsx");
    await startOnce(kind, "compiled");
    for (let i = 0; i < rounds; i++)
      for (const way of i % 2 === 0 ? (["tsx", "compiled"] as const) : (["compiled", "tsx"] as const)) {
        const { readyMs, cpuMs } = await startOnce(kind, way);
        result[kind][way].readyMs.push(readyMs);
        result[kind][way].cpuMs.push(cpuMs);
      }
  }
  return result;
}

/** The middle value (the upper of the two middle ones for an even count). */
export function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
