// What every company register's fake shares: a mode the operator sets (normal, unavailable → 503,
// rate_limited → 429 with Retry-After, empty → the register holds no record), a latency added to
// every API answer, and a count of the API calls it received — so a test or the bench can show the
// lookup's fallback, its freshness (no call within it) and its parallelism (the slowest, not the sum).
// The controls, below each fake's prefix, need the operator's secret (X-Sandbox-Control):
//   POST {prefix}/_control/mode {"mode", "retryAfterSeconds"?, "delayMs"?}  → the state
//   GET  {prefix}/_control/calls                                          → {"calls": n}
//   POST {prefix}/_control/reset                                          → normal, no delay, 0 calls
import { z } from "zod";
import { CONTROL_CHALLENGE, CONTROL_REFUSAL, isOperator } from "@/sandbox/shared/control-secret";
import { jsonBodyOf } from "@/sandbox/shared/web";

export const REGISTER_MODES = ["normal", "unavailable", "rate_limited", "empty"] as const;
export type RegisterMode = (typeof REGISTER_MODES)[number];

export type RegisterFaults = { mode: RegisterMode; retryAfterSeconds: number; delayMs: number; calls: number };

const DEFAULT_RETRY_AFTER_SECONDS = 30;

const ModeBody = z.object({
  mode: z.enum(REGISTER_MODES),
  retryAfterSeconds: z.number().int().min(0).max(86_400).default(DEFAULT_RETRY_AFTER_SECONDS),
  delayMs: z.number().int().min(0).max(60_000).default(0),
});

export const createRegisterFaults = (): RegisterFaults => ({
  mode: "normal",
  retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
  delayMs: 0,
  calls: 0,
});

/** How one fake speaks: its answer in the current mode, and its own body for a 503 or a 429. */
export type RegisterFake = {
  prefix: string;
  faults: RegisterFaults;
  controlSecret: string | null;
  /** The path below the prefix, split; `empty` is true when the operator emptied the register. */
  api: (request: Request, url: URL, path: string[], empty: boolean) => Response | Promise<Response>;
  failure: (status: 429 | 503, headers: Record<string, string>) => Response;
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const state = ({ mode, retryAfterSeconds, delayMs, calls }: RegisterFaults) => ({
  mode,
  retryAfterSeconds,
  delayMs,
  calls,
});

async function control(request: Request, parts: string[], fake: RegisterFake): Promise<Response> {
  if (!isOperator(request, fake.controlSecret))
    return json(401, { error: "unauthorized", message: CONTROL_REFUSAL }, CONTROL_CHALLENGE);
  const { faults } = fake;
  const what = `${request.method} ${parts.join("/")}`;
  if (what === "GET calls") return json(200, { calls: faults.calls });
  if (what === "POST reset") {
    Object.assign(faults, createRegisterFaults());
    return json(200, state(faults));
  }
  if (what === "POST mode") {
    const parsed = ModeBody.safeParse(await jsonBodyOf(request));
    if (!parsed.success)
      return json(422, { error: "invalid_mode", message: `mode is one of ${REGISTER_MODES.join(", ")}` });
    Object.assign(faults, parsed.data);
    return json(200, state(faults));
  }
  return json(404, { error: "not_found", message: "No such control." });
}

/** A request below the fake's prefix: a control, or an API call counted, delayed and faulted as set. */
export async function routeRegisterFake(request: Request, fake: RegisterFake): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname
    .slice(fake.prefix.length + 1)
    .split("/")
    .map(decodeURIComponent);
  if (path[0] === "_control") return control(request, path.slice(1), fake);
  const { faults } = fake;
  faults.calls += 1;
  if (faults.delayMs > 0) await wait(faults.delayMs);
  if (faults.mode === "unavailable") return fake.failure(503, { "cache-control": "no-store" });
  if (faults.mode === "rate_limited")
    return fake.failure(429, { "cache-control": "no-store", "retry-after": String(faults.retryAfterSeconds) });
  return fake.api(request, url, path, faults.mode === "empty");
}
