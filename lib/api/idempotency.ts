// Idempotency-Key for POST (Stripe's model; IETF httpapi Idempotency-Key draft):
// - stored per (principal, scope, key) for 24 h, so a key never replays across tenants;
// - same key + same request → the first response again; different request → 409 conflict;
// - the first request still running → 409 conflict with Retry-After;
// - 5xx and 429 are never stored (the key is released so a retry runs again).
// The completed response is written in the same database transaction as the handler's writes
// (see route.ts), so a crash can never leave a committed row without its stored response.
// A completed key is final: the error paths below (store an error, release) touch only a key still
// in flight, so nothing can overwrite or delete a response that was committed with its writes —
// not an error thrown after the commit, nor a COMMIT whose acknowledgement was lost.
import "server-only";
import { createHash } from "node:crypto";
import { ApiError, conflict } from "@/lib/errors";
import { pool, type Tx } from "@/lib/db/client";
import { execute } from "@/lib/db/sql";

const IDEMPOTENCY_TTL_HOURS = 24;
const LOCK_SECONDS = 60;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyRef = { principalKey: string; scopeKey: string; key: string };
type Begin = { kind: "proceed" } | { kind: "replay"; status: number; bodyText: string };

export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_SHAPE.test(key)) {
    throw new ApiError("bad_request", "Idempotency-Key must be 1–255 visible ASCII characters (a UUID is ideal).");
  }
  return key;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Same JSON in another key order is the same request. */
export function requestFingerprint(method: string, path: string, bodyText: string): string {
  let normal = bodyText;
  try {
    normal = bodyText.trim() === "" ? "" : JSON.stringify(canonical(JSON.parse(bodyText)));
  } catch {
    normal = bodyText;
  }
  return createHash("sha256").update(`${method} ${path}\n${normal}`).digest("hex");
}

type Row = {
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  expired: boolean;
  lock_lapsed: boolean;
};

export async function beginIdempotent(ref: IdempotencyRef, method: string, path: string, hash: string): Promise<Begin> {
  const db = pool();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await db.query(
      `INSERT INTO idempotency_keys (principal_key, scope_key, key, method, path, request_hash, state, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'in_flight', now() + make_interval(secs => $7), now() + make_interval(hours => $8))
       ON CONFLICT DO NOTHING`,
      [ref.principalKey, ref.scopeKey, ref.key, method, path, hash, LOCK_SECONDS, IDEMPOTENCY_TTL_HOURS],
    );
    if (inserted.rowCount === 1) return { kind: "proceed" };

    const { rows } = await db.query<Row>(
      `SELECT request_hash, state, response_status, response_body,
              expires_at <= now() AS expired, locked_until <= now() AS lock_lapsed
         FROM idempotency_keys WHERE principal_key = $1 AND scope_key = $2 AND key = $3`,
      [ref.principalKey, ref.scopeKey, ref.key],
    );
    const row = rows[0];
    if (!row) continue; // released between our insert and read: try again
    if (row.expired) {
      await db.query(
        "DELETE FROM idempotency_keys WHERE principal_key = $1 AND scope_key = $2 AND key = $3 AND expires_at <= now()",
        [ref.principalKey, ref.scopeKey, ref.key],
      );
      continue;
    }
    if (row.request_hash !== hash) {
      throw conflict(
        "This Idempotency-Key was already used with a different request. Use a new key for a new operation.",
      );
    }
    if (row.state === "completed" && row.response_status !== null) {
      return { kind: "replay", status: row.response_status, bodyText: row.response_body ?? "" };
    }
    if (row.lock_lapsed) {
      // The first attempt died without finishing (its transaction rolled back): take the key over.
      const taken = await db.query(
        `UPDATE idempotency_keys SET locked_until = now() + make_interval(secs => $4)
          WHERE principal_key = $1 AND scope_key = $2 AND key = $3 AND state = 'in_flight' AND locked_until <= now()`,
        [ref.principalKey, ref.scopeKey, ref.key, LOCK_SECONDS],
      );
      if (taken.rowCount === 1) return { kind: "proceed" };
    }
    throw conflict("A request with this Idempotency-Key is still being processed. Retry shortly.", {
      "retry-after": "1",
    });
  }
  throw conflict("Could not reserve the Idempotency-Key; retry.", { "retry-after": "1" });
}

/** Stores the response text inside the handler's transaction. */
export async function completeIdempotentTx(
  tx: Tx,
  ref: IdempotencyRef,
  status: number,
  bodyText: string,
): Promise<void> {
  await execute(
    tx,
    `UPDATE idempotency_keys SET state = 'completed', response_status = $4, response_body = $5
      WHERE principal_key = $1 AND scope_key = $2 AND key = $3`,
    ref.principalKey,
    ref.scopeKey,
    ref.key,
    status,
    bodyText,
  );
}

/** Stores an error response that had no writes to protect (4xx other than 429); a completed key stays. */
export async function completeIdempotent(ref: IdempotencyRef, status: number, bodyText: string): Promise<void> {
  await pool().query(
    `UPDATE idempotency_keys SET state = 'completed', response_status = $4, response_body = $5
      WHERE principal_key = $1 AND scope_key = $2 AND key = $3 AND state = 'in_flight'`,
    [ref.principalKey, ref.scopeKey, ref.key, status, bodyText],
  );
}

/** Releases the key after a 5xx or 429 so the client's retry runs again; a completed key stays. */
export async function releaseIdempotent(ref: IdempotencyRef): Promise<void> {
  await pool().query(
    "DELETE FROM idempotency_keys WHERE principal_key = $1 AND scope_key = $2 AND key = $3 AND state = 'in_flight'",
    [ref.principalKey, ref.scopeKey, ref.key],
  );
}

export function shouldStore(status: number): boolean {
  return status < 500 && status !== 429;
}
