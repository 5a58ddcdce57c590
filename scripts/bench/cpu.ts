// Where a machine's CPU went during a bench round, by role: the database (every `postgres` process),
// the sync workers, the banks, the web app, the bench itself. Read from /proc: each process's own
// user + system time, and what its reaped children used (the postmaster reaps the backends that
// ended during the round, so their time is not lost). A process born and gone within the round
// under a parent outside these roles is missed; none of the bench's are.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

export type Role = "database" | "workers" | "banks" | "web" | "bench" | "other";

type Sample = { at: number; busy: number; byPid: Map<number, { role: Role; ticks: number }> };

/** Clock ticks a second (USER_HZ): 100 on every Linux build this runs on. */
const HZ = 100;

function read(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null; // the process ended while we read
  }
}

function roleOf(pid: number, comm: string, workerPids: Set<number>): Role {
  if (comm === "postgres") return "database";
  if (pid === process.pid) return "bench";
  if (workerPids.has(pid)) return "workers";
  const cmdline = (read(`/proc/${pid}/cmdline`) ?? "").replaceAll("\0", " ");
  // Each as npm runs it (scripts/run.mjs: the compiled file) or from its source under tsx.
  if (/scripts\/worker\.ts|processes\/worker\.cjs|run\.mjs worker/.test(cmdline)) return "workers";
  if (/sandbox\/server\.ts/.test(cmdline)) return "banks";
  // The launcher (scripts/start.ts) and the web server it runs (scripts/serve.ts, Next inside).
  if (/scripts\/(serve|start)\.ts|processes\/(serve|start)\.cjs|run\.mjs start/.test(cmdline)) return "web";
  return "other";
}

// In /proc/<pid>/stat after "(comm) ": fields[0] is the state (field 3); utime, stime, cutime and
// cstime are fields 14–17.
const [UTIME, STIME, CUTIME, CSTIME] = [11, 12, 13, 14];

/** "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'. */
function statFields(stat: string): { comm: string; fields: string[] } {
  const close = stat.lastIndexOf(")");
  return { comm: stat.slice(stat.indexOf("(") + 1, close), fields: stat.slice(close + 2).split(" ") };
}

/** A running process's own CPU so far (user + system, not its children's), in milliseconds. */
export function ownCpuMs(pid: number): number {
  const { fields } = statFields(readFileSync(`/proc/${pid}/stat`, "utf8"));
  return ((Number(fields[UTIME]) + Number(fields[STIME])) * 1000) / HZ;
}

/** Every process's CPU so far (own + reaped children), and the machine's busy time. */
export function sampleCpu(workerPids: number[] = []): Sample {
  const pids = new Set(workerPids);
  const byPid = new Map<number, { role: Role; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const { comm, fields } = statFields(stat);
    const ticks = [UTIME, STIME, CUTIME, CSTIME].reduce((sum, i) => sum + Number(fields[i]), 0);
    const pid = Number(name);
    byPid.set(pid, { role: roleOf(pid, comm, pids), ticks });
  }
  const cpu = (read("/proc/stat") ?? "").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const busy = cpu.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
  return { at: performance.now(), busy, byPid };
}

export type CpuShares = {
  seconds: number;
  cores: number;
  /** CPU seconds by role over the interval. */
  used: Record<Role, number>;
  /** The machine's busy share over the interval (0–1 of all cores). */
  busy: number;
};

/** CPU used by each role between two samples (a process absent from `from` counts from zero). */
export function cpuBetween(from: Sample, to: Sample): CpuShares {
  const used: Record<Role, number> = { database: 0, workers: 0, banks: 0, web: 0, bench: 0, other: 0 };
  for (const [pid, now] of to.byPid) {
    const before = from.byPid.get(pid)?.ticks ?? 0;
    used[now.role] += Math.max(0, now.ticks - before) / HZ;
  }
  const seconds = (to.at - from.at) / 1000;
  const cores = os.cpus().length;
  return { seconds, cores, used, busy: (to.busy - from.busy) / HZ / (seconds * cores) };
}

export function cpuLine(shares: CpuShares): string {
  const total = shares.seconds * shares.cores;
  const part = (role: Role) =>
    `${role} ${shares.used[role].toFixed(0)} s (${((shares.used[role] / total) * 100).toFixed(0)}%)`;
  return `CPU over ${shares.seconds.toFixed(0)} s × ${shares.cores} cores: busy ${(shares.busy * 100).toFixed(0)}% · ${(["database", "workers", "banks", "web", "bench", "other"] as const).map(part).join(" · ")}`;
}
