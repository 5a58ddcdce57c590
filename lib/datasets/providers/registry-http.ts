// How the lookup reaches a company register: a GET for JSON at the register's configured base URL
// (GLEIF_BASE_URL, SANDBOX_REGISTRY_URL, and the registers still to come), within
// LOOKUP_PROVIDER_TIMEOUT_MS, through the same exchange the banks use (lib/banking/http-json.ts: the
// timeout covers the body, a body is capped in size). Every failure is a ProviderError of the one
// code set; 404 is the register having no such record (null), which its provider words itself.
import "server-only";
import type { z } from "zod";
import { retryAfterOf, sendJson } from "@/lib/banking/http-json";
import { parseJsonExact } from "@/lib/datasets/providers/registry-json";
import { ProviderError } from "@/lib/provider-errors";

export type RegistryHttpOptions = {
  baseUrl: string;
  timeoutMs: number;
  /** Reads the answer's JSON text; JSON.parse unless the register's figures must stay exact (registry-json.ts). */
  parseJson?: (text: string) => unknown;
  /** Sent with every request (e.g. Companies House's HTTP Basic key). */
  headers?: Record<string, string>;
};

/** The options, reading the answer's figures as the decimal text they were written in (registry-json.ts). */
export const exactFigures = (options: RegistryHttpOptions): RegistryHttpOptions => ({
  ...options,
  parseJson: parseJsonExact,
});

/** The answer's JSON, or null for a 404; `who` names the register in every message. */
export async function getRegistryJson(
  who: string,
  options: RegistryHttpOptions,
  path: string,
  accept = "application/json",
): Promise<unknown> {
  const answer = await sendJson(
    { method: "GET", url: `${options.baseUrl.replace(/\/+$/, "")}${path}`, headers: { ...options.headers, accept } },
    { who, timeoutMs: options.timeoutMs, parseJson: options.parseJson },
  );
  const { status } = answer;
  if (status === 404) return null;
  if (status === 429)
    throw new ProviderError("rate_limited", `${who} rate-limited the request.`, {
      status,
      retryAfterSeconds: retryAfterOf(answer.headers.get("retry-after")),
    });
  if (status >= 500) throw new ProviderError("unavailable", `${who} answered ${status}.`, { status });
  if (!answer.ok) throw new ProviderError("rejected", `${who} refused the request (${status}).`, { status });
  if (answer.body === null) throw new ProviderError("unknown", `${who} sent a response that is not JSON.`, { status });
  return answer.body;
}

/** The register's answer at `path` in `schema`'s shape, or null for a 404 (the register has no such record). */
export async function readRegistry<S extends z.ZodType>(
  who: string,
  options: RegistryHttpOptions,
  path: string,
  schema: S,
  accept?: string,
): Promise<z.infer<S> | null> {
  const body = await getRegistryJson(who, options, path, accept);
  return body === null ? null : registryAnswer(who, schema, body);
}

/** A register's answer in the shape its provider expects, or ProviderError("unknown"). */
export function registryAnswer<S extends z.ZodType>(who: string, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ProviderError("unknown", `${who} sent a response in an unexpected shape.`, { cause: parsed.error });
  return parsed.data;
}
