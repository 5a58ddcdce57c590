// A process the launcher starts and supervises: a TypeScript entry, run as esbuild compiled it when
// the launcher itself runs compiled (scripts/run.mjs, `npm start`), else under tsx (`npm run dev`,
// and the banks, which are not compiled: they are no part of the product); its output passed
// through, ready when it says so over IPC (`process.send({ ready: true })`) or when a health URL
// answers, and stopped with SIGTERM (SIGKILL after a grace period).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Child = {
  name: string;
  process: ChildProcess;
  /** Resolves once the child is ready; rejects if it exits first. */
  ready: Promise<void>;
  /** Resolves when the child has exited, however. */
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with how it exited. */
  stop: (graceMs?: number) => Promise<Exit>;
};

type ReadyBy = { ipc: true } | { url: string };

const READY_TIMEOUT_MS = 120_000;

async function poll(url: string, exited: Promise<Exit>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!gone && Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(gone ? "exited before it was ready" : `not ready at ${url} after ${READY_TIMEOUT_MS / 1000} s`);
}

/** How to run an entry: its compiled file when scripts/run.mjs compiled one (source maps on), else tsx. */
function runArgs(entry: string): string[] {
  const dir = process.env.LEDGERLINK_PROCESSES_DIR;
  const compiled = dir ? path.join(dir, `${path.basename(entry, ".ts")}.cjs`) : null;
  return compiled && existsSync(compiled) ? ["--enable-source-maps", compiled] : ["--import", "tsx", entry];
}

export function startChild(
  name: string,
  entry: string,
  options: { env: NodeJS.ProcessEnv; args?: string[]; readyBy: ReadyBy },
): Child {
  const child = spawn(process.execPath, [...runArgs(entry), ...(options.args ?? [])], {
    env: options.env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const ready =
    "url" in options.readyBy
      ? poll(options.readyBy.url, exited)
      : new Promise<void>((resolve, reject) => {
          child.on("message", (message: { ready?: boolean } | null) => {
            if (message?.ready) resolve();
          });
          void exited.then(({ code, signal }) =>
            reject(new Error(`${name} exited (${code ?? signal}) before it was ready`)),
          );
        });
  ready.catch(() => undefined);
  const stop = async (graceMs = 30_000): Promise<Exit> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    }
    return exited;
  };
  return { name, process: child, ready, exited, stop };
}
