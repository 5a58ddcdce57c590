// Which error codes an operation can answer, derived from what its route() declares.
import type { Declared } from "@/lib/api/contract";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

const WRITES = new Set(["post", "put", "patch", "delete"]);

function errorCodesOf(method: string, op: Declared): ErrorCode[] {
  if (op.bare) return [];
  const codes = new Set<ErrorCode>(["method_not_allowed", "rate_limited", "server_error"]);
  const write = WRITES.has(method.toLowerCase());
  const post = method.toLowerCase() === "post";
  if (op.body || write) codes.add("bad_request");
  if (op.body || write) codes.add("payload_too_large"); // body over BODY_LIMIT_BYTES, refused before parsing
  codes.add("unauthenticated"); // a bad or expired bearer token is refused even on public routes
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
  return [...codes].sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
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
