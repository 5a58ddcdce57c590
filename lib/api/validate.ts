// zod → 422 `validation_failed` with camelCase field paths as keys; unparseable JSON → 400.
// Request keys become object keys here (unknown fields, query names): those objects have no
// prototype, so `__proto__`, `constructor` or `toString` are ordinary keys and never a 500.
import { z } from "zod";
import { ApiError, validationFailed } from "@/lib/errors";
import { unsafeStrings, zodDetails } from "@/lib/input-guard";

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // NUL and unpaired surrogates first: PostgreSQL would refuse them after zod accepted them.
  const unsafe = unsafeStrings(input);
  if (Object.keys(unsafe).length > 0) throw validationFailed(unsafe);
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(zodDetails(result.error));
  return result.data;
}

/** Parses a JSON body text. An empty body counts as `{}` so bodiless POSTs need no payload. */
export function parseJsonText(text: string, contentType: string | null): unknown {
  if (text.trim() === "") return {};
  if (contentType && !/^application\/([a-z.+-]*\+)?json\b/i.test(contentType)) {
    throw new ApiError("bad_request", "Send the body as JSON with Content-Type: application/json.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "The request body is not valid JSON.");
  }
}

/** Query string → plain object; keys like `filter[fromDate]` stay literal. Repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of url.searchParams) {
    const prior = out[key];
    out[key] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
  }
  return out;
}
