// HTTP to one NextGenPSD2 ASPSP: JSON, X-Request-ID on every call, a timeout, and every failure
// (network, HTTP status, malformed body) turned into a ProviderError.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ProviderError } from "@/lib/banking/errors";
import { bankDateOf, providerErrorOf } from "@/lib/banking/nextgenpsd2/transform";

export type Xs2aRequest = {
  method: "GET" | "POST" | "DELETE";
  url: string;
  headers?: Record<string, string | null>;
  body?: unknown;
};

export type Xs2aResponse<T> = { status: number; body: T; bankDate: string };

const TIMEOUT_MS = 15_000;

export async function xs2a<S extends z.ZodType>(
  request: Xs2aRequest,
  schema: S | null,
  fetchImpl: typeof fetch = fetch,
): Promise<Xs2aResponse<z.infer<S>>> {
  const headers: Record<string, string> = { accept: "application/json", "x-request-id": randomUUID() };
  for (const [k, v] of Object.entries(request.headers ?? {})) if (v !== null) headers[k.toLowerCase()] = v;
  if (request.body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError("unavailable", "The bank could not be reached.", { cause: error });
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  const dateHeader = response.headers.get("date");
  if (!response.ok) {
    throw providerErrorOf(
      response.status,
      body,
      response.headers.get("retry-after"),
      dateHeader ? bankDateOf(dateHeader) : null,
    );
  }
  const bankDate = bankDateOf(dateHeader);
  if (!schema) return { status: response.status, body: body as z.infer<S>, bankDate };
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ProviderError("unknown", "The bank's answer did not have the NextGenPSD2 shape.", {
      status: response.status,
      cause: parsed.error,
    });
  }
  return { status: response.status, body: parsed.data, bankDate };
}
