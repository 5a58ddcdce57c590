// The phases of `npm test` as child processes, some side by side (scripts/test.ts says which). A phase
// in the foreground writes to the terminal as it runs; one in the background keeps its output and
// prints it as one block when it ends, so two phases never interleave their lines. A background
// phase can run at a lower CPU priority (`nice`): it then takes the cores only while the foreground
// tests leave them idle, and never slows a test into a timeout.
import { spawn } from "node:child_process";
import process from "node:process";

export type Phase = {
  label: string;
  /** The command: npx's arguments (`["tsc", "--noEmit"]`). */
  args: string[];
  env?: Record<string, string>;
  /** Keeps the output until the phase ends, then prints it at once. */
  background?: boolean;
  /** `nice` increment (Linux and macOS); 0: the same priority as `npm test`. */
  niceness?: number;
};

export type Ended = {
  label: string;
  code: number | null;
  /** A background phase's standard output, and both its streams in the order written. */
  stdout: string;
  output: string;
  seconds: number;
};

const npx = process.platform === "win32" ? "npx.cmd" : "npx";

/** Every phase that has run, with its wall-clock time, in the order they ended. */
export const timings: { label: string; seconds: number; startedAt: number }[] = [];
const origin = performance.now();

export function runPhase(phase: Phase): Promise<Ended> {
  const started = performance.now();
  const niced = (phase.niceness ?? 0) > 0 && process.platform !== "win32";
  const [command, args] = niced ? ["nice", ["-n", String(phase.niceness), npx, ...phase.args]] : [npx, phase.args];
  if (!phase.background) console.log(`\n▶ ${phase.label}`);
  const child = spawn(command, args, {
    env: { ...process.env, ...phase.env },
    stdio: phase.background ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  let stdout = "";
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const end = (code: number | null) => {
      const seconds = (performance.now() - started) / 1000;
      timings.push({ label: phase.label, seconds, startedAt: (started - origin) / 1000 });
      if (phase.background) {
        const body = output.trimEnd();
        process.stdout.write(`\n▶ ${phase.label} (alongside)\n${body ? `${body}\n` : ""}`);
      }
      console.log(
        `◀ ${phase.label}: ${code === 0 ? "done" : `exit ${code ?? "by a signal"}`} in ${seconds.toFixed(0)} s`,
      );
      resolve({ label: phase.label, code, stdout, output, seconds });
    };
    child.once("error", (error) => {
      output += `${error.message}\n`;
      end(null);
    });
    child.once("close", (code) => end(code));
  });
}

/** One line per phase: when it started after `npm test` did, and how long it took. */
export function timingLines(): string[] {
  return [...timings]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map((t) => `  ${t.label}: ${t.seconds.toFixed(0)} s (from ${t.startedAt.toFixed(0)} s)`);
}
