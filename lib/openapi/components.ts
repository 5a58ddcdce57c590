// The static parts of the OpenAPI document: its introduction, security schemes, shared parameters
// and headers. The operations come from the route modules (lib/openapi/document.ts).
import type { JsonSchema } from "@/lib/openapi/json-schema";

export const INTRODUCTION =
  "Bank account tracking under PSD2 and a governed company-data registry. JSON in and out; success bodies are `{data, meta:{requestId, page?}}`, errors `{error:{code, message, details?}, meta:{requestId}}`. The sandbox bank is a simulated bank on an origin of its own (`SANDBOX_BANK_URL`), not part of this API, and is not documented here.\n\n" +
  "**Limits and hostile input.** Request bodies over 1 MiB (`BODY_LIMIT_BYTES`) answer 413 `payload_too_large` before anything is parsed. " +
  'Strings with a NUL character or an unpaired UTF-16 surrogate, in a JSON body or a query parameter, answer 422 naming the field; unknown body fields (including `__proto__`, `constructor`) answer 422 "Unknown field; remove it.". ' +
  "Cursors are opaque and signed, bound to the list and filters that issued them: any other value answers 422 with `details.cursor`.\n\n" +
  "**Answers before the app.** The server itself answers, in the same envelope with a request id: 431 `request_header_too_large` when the request line and headers exceed 16 KiB (a URL of about 16 kB), listed on every operation, and 413 `payload_too_large` (above), listed on every operation that takes a body; " +
  "400 `bad_request` for a request that is not valid HTTP and 408 `request_timeout` for one not received in time can come from any path and are not repeated per operation.\n\n" +
  "**Headers.** Every answer carries `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: strict-origin-when-cross-origin` and a Content-Security-Policy (`default-src 'none'; frame-ancestors 'none'` on API answers); " +
  "`Strict-Transport-Security` when served over https. Writes with the session cookie must come from our own origin (Origin compared in full; `Sec-Fetch-Site: cross-site` refused).";

export function components(hoisted: Record<string, JsonSchema>): JsonSchema {
  return {
    schemas: hoisted,
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description:
          "A personal access token (ll_pat_), access token (ll_at_) or App token (ll_key_, ll_app_, ll_agt_).",
      },
      sessionCookie: {
        type: "apiKey",
        in: "cookie",
        name: "authjs.session-token",
        description: "The Auth.js session cookie of the web app (browser only; cross-site writes are refused).",
      },
    },
    parameters: {
      "X-Scope": {
        name: "X-Scope",
        in: "header",
        required: true,
        description: "The scope (from GET /api/scopes/v1). Missing → 400 scope_missing; a scope you are not in → 404.",
        schema: { type: "string", format: "uuid" },
      },
      "Idempotency-Key": {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "1–255 visible ASCII characters (a UUID is ideal), one per logical operation; kept 24 h. A retry with the same key and request replays the first response.",
        schema: { type: "string", minLength: 1, maxLength: 255 },
      },
    },
    headers: {
      "X-Request-Id": { description: "The request id (also meta.requestId)", schema: { type: "string" } },
      "RateLimit-Policy": { description: 'e.g. "default";q=600;w=60', schema: { type: "string" } },
      RateLimit: { description: 'e.g. "default";r=599;t=60 (remaining, seconds to reset)', schema: { type: "string" } },
      "Retry-After": { description: "Whole seconds to wait before retrying", schema: { type: "integer", minimum: 0 } },
      "Server-Timing": {
        description:
          "W3C Server Timing: `app;dur=<ms>`, the time the server spent on the request; with credentials, also `auth;desc=kept` (checked against what this server instance kept of them lately) or `auth;desc=read` (read from the database)",
        schema: { type: "string" },
      },
      "Idempotent-Replayed": {
        description: "`true` when this is a stored response replayed for a repeated Idempotency-Key",
        schema: { type: "string", enum: ["true"] },
      },
    },
  };
}
