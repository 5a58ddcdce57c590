// Which error codes an operation can answer, derived from what its route() declares.
import type { Declared } from "@/lib/api/contract";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

const WRITES = new Set(["post", "put", "patch", "delete"]);

/**
 * What the HTTP server answers itself, before any route runs (lib/server/http-server.ts; the kernel's
 * body reader for a body without Content-Length, lib/api/body.ts): a request line and headers over
 * 16 KiB on any operation, a body over BODY_LIMIT_BYTES on one that takes a body (the writes: the
 * kernel reads their body even without a body schema). So even a bare operation can answer them.
 */
export function serverErrorCodes(method: string, op: Pick<Declared, "body">): ErrorCode[] {
  const codes: ErrorCode[] = ["request_header_too_large"];
  if (op.body || WRITES.has(method.toLowerCase())) codes.push("payload_too_large");
  return codes;
}

function errorCodesOf(method: string, op: Declared): ErrorCode[] {
  const codes = new Set<ErrorCode>(serverErrorCodes(method, op));
  if (!op.bare) routeErrorCodes(method, op).forEach((code) => codes.add(code));
  // A bare operation answers only what the server does and what it declares itself (readiness: 503).
  else for (const code of op.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
}

/** What the kernel answers for a route (the envelope routes only). */
function routeErrorCodes(method: string, op: Declared): Set<ErrorCode> {
  // service_unavailable: the database out of reach (a restart, a failover), with Retry-After.
  const codes = new Set<ErrorCode>(["method_not_allowed", "rate_limited", "server_error", "service_unavailable"]);
  const write = WRITES.has(method.toLowerCase());
  const post = method.toLowerCase() === "post";
  if (op.body || write) codes.add("bad_request");
  codes.add("unauthenticated"); // a bad or expired bearer token is refused even on public routes
  codes.add("credentials_changed"); // so is a session or sign-in token older than the person's password
  if (op.auth === "user") codes.add("user_context_required");
  if (op.scoped) {
    codes.add("scope_missing");
    codes.add("not_found"); // a scope the caller is not in
    codes.add("forbidden"); // the role lacks the capability
  }
  if (write && op.auth !== "public") codes.add("forbidden"); // cross-site write with a session cookie
  if (op.uuidParams?.length) codes.add("not_found");
  if (op.body || op.query) codes.add("validation_failed");
  if (post && op.auth !== "public") codes.add("conflict"); // Idempotency-Key reuse
  if (write && op.auth !== "public") codes.add("conflict");
  for (const code of op.errors ?? []) codes.add(code);
  return codes;
}

/** Error codes grouped by HTTP status. */
export function errorStatusesOf(method: string, op: Declared): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(method, op)) {
    const status = ERROR_STATUS[code];
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return out;
}

/** What a route that calls a bank may answer beyond the defaults: a consent in the wrong state, the bank failing or throttling. */
export const BANK_ERRORS: ErrorCode[] = ["conflict", "bad_gateway", "service_unavailable"];
