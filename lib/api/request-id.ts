import { randomUUID } from "node:crypto";

const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's well-formed X-Request-Id so traces join up; otherwise makes one. */
export function requestIdFor(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && ACCEPTABLE.test(given) ? given : `req_${randomUUID().replace(/-/g, "")}`;
}
