// Calls a route handler exactly as Next.js does: a web Request in, a web Response out.
import type { Handler } from "@/lib/api/route";
import { assertContract } from "@/lib/openapi/contract";

export type CallOptions = {
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  query?: string;
};

export type CallResult<T = unknown> = {
  status: number;
  headers: Headers;
  text: string;
  json: T;
};

export async function call<T = Record<string, unknown>>(
  handler: Handler,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(`http://localhost${path}${options.query ? `?${options.query}` : ""}`, {
    method,
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  // Contract check: the response must match the OpenAPI document (handlers not in lib/openapi/operations.ts are skipped).
  assertContract(handler, method, path, response.status, text);
  // A CSV download or the metrics are text; every other answer of ours is JSON.
  const isText = /^text\/(csv|plain)/.test(response.headers.get("content-type") ?? "");
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: (text && !isText ? JSON.parse(text) : null) as T,
  };
}

export const bearer = (token: string, scopeId?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(scopeId ? { "x-scope": scopeId } : {}),
});

/** A GET through the handler that must answer 200; returns the envelope's `data`. */
export async function getData<T>(handler: Handler, options: CallOptions): Promise<T> {
  const res = await call<{ data: T }>(handler, "GET", "x", options);
  if (res.status !== 200) throw new Error(`GET: ${res.status} ${res.text}`);
  return res.json.data;
}
