// Per-principal (or per client address when anonymous) fixed-window limits with
// rate-limiter-flexible, stored in PostgreSQL so several app instances share one budget. The default
// limit, which every API request spends, is counted in this process and reconciled with PostgreSQL in
// batches (lib/api/batched-limit.ts): a counter write per request was the kernel's largest cost. The
// password and refresh limits stay exact, a write per attempt: they are few, and guessing is their point.
// Headers follow the IETF RateLimit fields draft: RateLimit-Policy and RateLimit.
import "server-only";
import { createHash } from "node:crypto";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { ApiError } from "@/lib/errors";
import { principalKey, type Principal } from "@/lib/auth/principal";
import { batchedLimit, type BatchedLimit } from "@/lib/api/batched-limit";
import { bookkeepingPool } from "@/lib/db/client";
import { forwardedCaller } from "@/lib/api/forwarded-for";
import { env, trustedProxies } from "@/lib/env";
import { log } from "@/lib/log";

// default: per principal (anonymous: per address). auth: password checks per (address, email), and
// sign-up/revoke per address. auth-address: password checks per address, across emails (10× auth,
// so people behind one NAT do not lock each other out). auth-email: password checks per email,
// across addresses (3× auth, so no single address can lock a person out). refresh: refresh-token
// grants per refresh-token family (one sign-in), never counted against passwords.
export type LimitName = "default" | "auth" | "auth-address" | "auth-email" | "refresh";
export type LimitKey = { name: LimitName; key: string };

/** Who is asking, as a route's limit rule sees it (the body as text: read before validation). */
export type LimitCaller = { principal: Principal | null; request: Request; bodyText: string };
/** The limits a request spends, counted together (consumeAll); a route with its own writes it beside it. */
export type LimitRule = (caller: LimitCaller) => LimitKey[] | Promise<LimitKey[]>;

/** The caller's share of limit `name`: per principal, or per client address (under `prefix`) when anonymous. */
export const perCaller =
  (name: LimitName = "default", prefix = "ip"): LimitRule =>
  ({ principal, request }) => [
    { name, key: principal ? principalKey(principal) : `${prefix}:${clientAddress(request)}` },
  ];

/** What every request spends unless its route says otherwise. */
export const DEFAULT_LIMIT = perCaller();

const POINTS: Record<LimitName, () => number> = {
  default: () => env.RATE_LIMIT_POINTS,
  auth: () => env.AUTH_RATE_LIMIT_POINTS,
  "auth-address": () => env.AUTH_RATE_LIMIT_POINTS * 10,
  "auth-email": () => env.AUTH_RATE_LIMIT_POINTS * 3,
  refresh: () => env.AUTH_RATE_LIMIT_POINTS,
};

type Limiter = { limiter: Pick<RateLimiterAbstract, "consume"> | BatchedLimit; points: number; window: number };
// Built on first use, per process.
const limiters = new Map<LimitName, Limiter>();

/** The shared store of one limit: PostgreSQL's rate_limits table. */
export function postgresLimiter(name: string, points: number, window: number): RateLimiterPostgres {
  return new RateLimiterPostgres({
    keyPrefix: name,
    points,
    duration: window,
    // Counters commit without waiting for the WAL flush: a crash can forget the last few
    // increments, never more than a moment of one window.
    storeClient: bookkeepingPool(),
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    // A key over its limit is refused from memory until its window ends: no write per refused request.
    inMemoryBlockOnConsumed: points,
  });
}

/** Points an instance may count before PostgreSQL hears of them: at most a tenth of the limit. */
export function batchFor(name: LimitName, points: number): number {
  if (name !== "default" || env.RATE_LIMIT_BATCH === 0) return 0;
  return Math.max(1, Math.min(env.RATE_LIMIT_BATCH, Math.floor(points / 10)));
}

function build(name: LimitName): Limiter {
  const points = POINTS[name]();
  const window = env.RATE_LIMIT_WINDOW_SECONDS;
  if (env.RATE_LIMIT_STORE === "memory") {
    return { limiter: new RateLimiterMemory({ keyPrefix: name, points, duration: window }), points, window };
  }
  const store = postgresLimiter(name, points, window);
  const batch = batchFor(name, points);
  const limiter =
    batch === 0
      ? store
      : batchedLimit({
          store,
          points,
          batch,
          flushMs: env.RATE_LIMIT_FLUSH_MS,
          onFlushError: (error) => log.warn("rate-limit flush failed", { limit: name, error }),
        });
  return { limiter, points, window };
}

function limiterFor(name: LimitName): Limiter {
  let entry = limiters.get(name);
  if (!entry) {
    entry = build(name);
    limiters.set(name, entry);
  }
  return entry;
}

function headersFor(name: LimitName, entry: Limiter, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    "ratelimit-policy": `"${name}";q=${entry.points};w=${entry.window}`,
    ratelimit: `"${name}";r=${Math.max(0, res.remainingPoints)};t=${reset}`,
  };
}

/** Consumes one point; throws 429 with Retry-After (never before the window resets) when over. */
export async function consume(name: LimitName, key: string): Promise<Record<string, string>> {
  const entry = limiterFor(name);
  try {
    const res = await entry.limiter.consume(storableKey(key));
    return headersFor(name, entry, res);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const headers = headersFor(name, entry, error);
      headers["retry-after"] = String(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw new ApiError("rate_limited", `Too many requests. Retry after ${headers["retry-after"]} s.`, { headers });
    }
    throw error;
  }
}

/**
 * Keys can carry request text read before validation (an email from the body): anything but short
 * printable ASCII is hashed, so a NUL or an unpaired surrogate never reaches the store's text column.
 */
function storableKey(key: string): string {
  return /^[\x20-\x7e]{1,200}$/.test(key) ? key : `h:${createHash("sha256").update(key).digest("hex")}`;
}

/**
 * Consumes one point of each limit in order and stops at the first one exhausted (429), so a
 * refused attempt is not counted against the later, wider limits: one address hammering one
 * email spends its own (address, email) budget, not the email's. The headers describe the limit
 * with the fewest points left.
 */
export async function consumeAll(keys: LimitKey[]): Promise<Record<string, string>> {
  const remaining = (h: Record<string, string>) => Number(/;r=(\d+)/.exec(h.ratelimit ?? "")?.[1] ?? Infinity);
  let fewest: Record<string, string> = {};
  for (const k of keys) {
    const headers = await consume(k.name, k.key);
    if (remaining(headers) < remaining(fewest)) fewest = headers;
  }
  return fewest;
}

/** The limits one password check counts against. */
export function passwordCheckLimits(address: string, email: string): LimitKey[] {
  const who = email.trim().toLowerCase().slice(0, 254);
  return [
    { name: "auth-address", key: address },
    { name: "auth", key: `${address}:${who}` },
    { name: "auth-email", key: who },
  ];
}

/**
 * The client address. The server (lib/server/http-server.ts) writes the socket peer into x-ll-peer
 * (dropping any incoming value); X-Forwarded-For counts only when that peer is a configured proxy.
 */
export function clientAddress(request: Request): string {
  const peer = request.headers.get("x-ll-peer") ?? "unknown";
  const proxies = trustedProxies();
  if (!proxies.includes(peer)) return peer;
  return forwardedCaller(request.headers.get("x-forwarded-for"), proxies) ?? peer;
}
