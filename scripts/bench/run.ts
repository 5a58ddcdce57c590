// `npm run bench`: starts the built app on its own embedded PostgreSQL (.data/bench), prepares a
// caller through the public API, runs each benchmark and prints ratios against a baseline measured
// in the same run. Not a test: nothing here passes or fails on timing.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { benchKernel, type Measurement } from "./kernel";

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://localhost:${PORT}`;

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Server did not answer at ${url}`);
}

async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...(init.headers as Record<string, string>) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

function row(m: Measurement) {
  return `${m.label.padEnd(32)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms   non-2xx ${m.non2xx}`;
}

async function main() {
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(PORT), DATA_DIR: process.env.BENCH_DATA_DIR ?? ".data/bench", RATE_LIMIT_POINTS: "100000000" },
  });
  try {
    await waitFor(`${BASE}/api/health`, 600_000);
    const email = `bench-${randomUUID()}@example.test`;
    const password = "benchmark password";
    await api("/api/auth/v1/sign-up", { method: "POST", json: { email, password, name: "Bench" } });
    const { accessToken } = await api<{ accessToken: string }>("/api/auth/v1/token", {
      method: "POST",
      json: { grantType: "password", email, password },
    });

    console.log("\nKernel overhead (autocannon, 10 connections, alternating rounds)");
    const kernel = await benchKernel(BASE, accessToken);
    console.log(row(kernel.baseline));
    console.log(row(kernel.measured));
    console.log(`ratio: GET /api/scopes/v1 throughput = ${kernel.throughputRatio.toFixed(2)}× the bare route`);
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
