// The HTTP JSON exchange every bank integration makes: headers, a timeout, a body read as JSON (or
// null), the bank's date from its Date header, and a network failure turned into a ProviderError.
// Each integration maps a failed answer to error kinds itself (its error bodies differ); `bodyOf`
// then throws that error, or checks a successful body's shape.
//
// The timeout covers the body too. A body that breaks off while it is read (the timeout, a reset)
// is the bank not answering: `unavailable`, which the retry helper and the sync's re-queue retry.
// A body is read counting its bytes and refused past MAX_BODY_BYTES (`unknown`: asking again would
// bring the same answer), so no bank can make us hold an unbounded answer in memory.
//
// NUL characters in a bank's strings are dropped as the body is parsed (bankJson): older core
// systems pad fixed-width fields with them, JSON carries them as \u0000, and PostgreSQL's text
// cannot hold them, so a page with one failed its sync on every retry.
import "server-only";
import type { z } from "zod";
import { ProviderError } from "@/lib/provider-errors";

type JsonRequest = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers?: Record<string, string | null>;
  body?: unknown;
};

export type JsonAnswer = {
  status: number;
  ok: boolean;
  body: unknown;
  headers: Headers;
  /** The bank's day from its Date header (UTC), or null when it sent none or a bad one. */
  bankDate: string | null;
};

/** What an integration reads from a failed answer to classify it. */
export type ErrorAnswer = Pick<JsonAnswer, "status" | "body" | "headers" | "bankDate">;

const TIMEOUT_MS = 15_000;

/**
 * The largest bank answer we read: 20 MB. A page of 1,000 transactions is about 1–2 MB; a bank
 * that ignores the page size and sends years at once still fits; anything larger is refused.
 */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_BODY_TEXT = `${MAX_BODY_BYTES / (1024 * 1024)} MB`;

function tooLarge(who: string, status: number): ProviderError {
  return new ProviderError("unknown", `${who} sent an answer larger than ${MAX_BODY_TEXT}; it was not read.`, {
    status,
  });
}

/** The body as text, at most `maxBytes`; a read that breaks off is `unavailable`, a larger body `unknown`. */
async function readText(response: Response, who: string, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  let oversized = Number.isFinite(declared) && declared > maxBytes;
  const chunks: Uint8Array[] = [];
  try {
    const reader = response.body?.getReader();
    let size = 0;
    while (reader && !oversized) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      oversized = size > maxBytes;
      if (!oversized) chunks.push(value);
    }
    // Stop the transfer: an oversized body is not read to its end.
    if (oversized) await (reader ?? response.body)?.cancel();
  } catch (error) {
    throw new ProviderError("unavailable", `${who}'s answer broke off while it was read.`, {
      status: response.status,
      cause: error,
    });
  }
  if (oversized) throw tooLarge(who, response.status);
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The bank's date from its HTTP Date header (UTC), or null when the header is missing or bad. */
export function dateOfHeader(dateHeader: string | null): string | null {
  const parsed = dateHeader ? new Date(dateHeader) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed.toISOString().slice(0, 10) : null;
}

/** The bank's date from its HTTP Date header (UTC), or today when the header is missing or bad. */
export function bankDateOf(dateHeader: string | null, now: Date = new Date()): string {
  return dateOfHeader(dateHeader) ?? now.toISOString().slice(0, 10);
}

/** Seconds to wait from a Retry-After header: delta-seconds or an HTTP date. */
export function retryAfterOf(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * A bank's JSON text as a value, every NUL character of its strings removed. JSON can only carry a
 * NUL escaped (a raw control character is invalid JSON), so a body without the escape is parsed as is.
 */
export function bankJson(text: string): unknown {
  if (!text.includes("\\u0000")) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? value.replaceAll("\0", "") : value));
}

/** One request; `who` names the other side in the message of a network failure. */
export async function sendJson(
  request: JsonRequest,
  options: {
    who: string;
    fetchImpl?: typeof fetch;
    timeoutMs?: number;
    /** How the body's text becomes a value (a register whose figures must stay exact reads numbers as text). */
    parseJson?: (text: string) => unknown;
  },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: "application/json" };
  for (const [k, v] of Object.entries(request.headers ?? {})) if (v !== null) headers[k.toLowerCase()] = v;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await (options.fetchImpl ?? fetch)(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderError("unavailable", `${options.who} could not be reached.`, { cause: error });
  }
  const text = await readText(response, options.who, MAX_BODY_BYTES);
  let body: unknown = null;
  try {
    body = text ? (options.parseJson ?? bankJson)(text) : null;
  } catch {
    // Not JSON: kept as null, not lost: a successful answer then fails its shape check (bodyOf) and
    // a failed one is classified by its status, which is all a non-JSON error page tells us.
    body = null;
  }
  const bankDate = dateOfHeader(response.headers.get("date"));
  return { status: response.status, ok: response.ok, body, headers: response.headers, bankDate };
}

/** The successful answer's body in the expected shape, or a ProviderError("unknown"). */
function shaped<S extends z.ZodType>(schema: S, answer: JsonAnswer, what: string): z.infer<S> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    // The first field at fault and why (never its value, which may be personal), for whoever reads
    // the run's message: "transactions.booked[3].bookingDate: Not a calendar date …".
    const issue = parsed.error.issues[0];
    const at = issue?.path
      .map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`))
      .join("")
      .replace(/^\./, "");
    const why = issue ? ` (${at ? `${at}: ` : ""}${issue.message})` : "";
    throw new ProviderError("unknown", `${what} did not have the expected shape${why}.`, {
      status: answer.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * A successful answer's body (in `schema`'s shape; as sent when `schema` is null) with the bank's
 * date (today when it sent none); a failed answer is thrown as the integration's `errorOf` maps it.
 */
export function bodyOf<S extends z.ZodType>(
  answer: JsonAnswer,
  schema: S | null,
  what: string,
  errorOf: (failed: ErrorAnswer) => ProviderError,
): { body: z.infer<S>; bankDate: string } {
  if (!answer.ok) throw errorOf(answer);
  const bankDate = answer.bankDate ?? bankDateOf(null);
  return { body: schema ? shaped(schema, answer, what) : (answer.body as z.infer<S>), bankDate };
}

/** A URL from a base, a path and query parameters (null/undefined values left out). */
export function urlOf(base: string, path: string, query: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined) params.set(k, v);
  return `${base.replace(/\/$/, "")}${path}${params.size ? `?${params}` : ""}`;
}
