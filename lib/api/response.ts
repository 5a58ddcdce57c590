// The envelope: {data, meta:{requestId}} on success, {error:{code,message,details?}, meta} on errors.
import type { ErrorCode } from "@/lib/api/errors";

export type Meta = { requestId: string; [key: string]: unknown };

export function envelope(data: unknown, meta: Meta): { data: unknown; meta: Meta } {
  return { data, meta };
}

export function jsonResponse(body: unknown, status: number, requestId: string, headers: Record<string, string> = {}) {
  return textResponse(status === 204 ? "" : JSON.stringify(body), status, requestId, headers);
}

// The serialised body rides along on the Response, so a Node server writing it (lib/server/web-io.ts)
// need not read the body stream back.
export const BODY_TEXT = Symbol("body-text");

/** For a body that is already serialised (an idempotent replay sends the stored text as it was). */
export function textResponse(text: string, status: number, requestId: string, headers: Record<string, string> = {}) {
  const response = new Response(status === 204 ? null : text, {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...headers,
    },
  });
  if (status !== 204) Object.defineProperty(response, BODY_TEXT, { value: text });
  return response;
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: Record<string, string[]>) {
  return { error: details ? { code, message, details } : { code, message }, meta: { requestId } };
}
