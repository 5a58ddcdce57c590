// Builds the OpenAPI 3.1 document from the registry (lib/openapi/operations.ts) and the zod schemas.
import { z } from "zod";
import { errorStatusesOf } from "@/lib/openapi/errors";
import { toDocSchema, toSchema, type JsonSchema } from "@/lib/openapi/json-schema";
import { OPERATIONS, TAGS } from "@/lib/openapi/operations";
import { envelope, errorEnvelope, pageEnvelope } from "@/lib/openapi/schemas/common";
import type { Operation } from "@/lib/openapi/types";

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: JsonSchema;
};

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  303: "See Other",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Validation failed",
  431: "Request Header Fields Too Large",
  429: "Too Many Requests",
  500: "Server error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const RATE_HEADERS = {
  "RateLimit-Policy": ref("headers", "RateLimit-Policy"),
  RateLimit: ref("headers", "RateLimit"),
  "X-Request-Id": ref("headers", "X-Request-Id"),
  "Server-Timing": ref("headers", "Server-Timing"),
};

/** The JSON body schema of a success response (null: no body). */
export function successBodySchema(op: Operation, status: number): z.ZodType | null {
  const data = op.success[status];
  if (!data) return null;
  if (op.bare || op.mediaType) return data;
  return op.paginated ? pageEnvelope(data) : envelope(data);
}

/** The JSON body schema of an error response of this operation. */
export function errorBodySchema(op: Operation, status: number): z.ZodType | null {
  const codes = errorStatusesOf(op).get(status);
  return codes ? errorEnvelope(status, codes) : null;
}

function parameters(op: Operation): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const name of op.path.match(/\{([^}]+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
    const isUuid = op.uuidParams?.includes(name);
    out.push({
      name,
      in: "path",
      required: true,
      schema: isUuid ? { type: "string", format: "uuid" } : { type: "string" },
    });
  }
  if (op.scoped) out.push(ref("parameters", "X-Scope"));
  if (op.method === "post" && op.auth !== "public") out.push(ref("parameters", "Idempotency-Key"));
  if (op.query) {
    const query = toSchema(op.query, "input");
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: "query",
        required: required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

/** Shared schemas hoisted out of operations (recursive shapes), filled while the paths are built. */
const hoisted: Record<string, JsonSchema> = {};

function responses(op: Operation): JsonSchema {
  const out: JsonSchema = {};
  for (const status of Object.keys(op.success).map(Number)) {
    const body = successBodySchema(op, status);
    const headers: JsonSchema = op.bare ? {} : { ...RATE_HEADERS };
    if (status === 303) headers.Location = { description: "Where the browser goes next", schema: { type: "string" } };
    if (op.method === "post" && !op.bare) headers["Idempotent-Replayed"] = ref("headers", "Idempotent-Replayed");
    out[status] = {
      description: STATUS_TEXT[status] ?? String(status),
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(body
        ? {
            content: {
              [op.mediaType ?? "application/json"]: {
                schema: toDocSchema(body, "output", hoisted, `${op.operationId}${status}`),
              },
            },
          }
        : {}),
    };
  }
  for (const [status, codes] of errorStatusesOf(op)) {
    const headers: JsonSchema = { ...RATE_HEADERS };
    if (status === 429 || status === 503) headers["Retry-After"] = ref("headers", "Retry-After");
    if (status === 401) headers["WWW-Authenticate"] = { schema: { type: "string" } };
    if (status === 405) headers.Allow = { description: "The methods this path supports", schema: { type: "string" } };
    out[status] = {
      description: `${STATUS_TEXT[status] ?? status}: ${codes.map((c) => `\`${c}\``).join(", ")}`,
      headers,
      content: { "application/json": { schema: toSchema(errorEnvelope(status, codes), "output") } },
    };
  }
  return out;
}

function operationObject(op: Operation): JsonSchema {
  const who =
    op.auth === "public"
      ? "Public."
      : op.auth === "user"
        ? "A signed-in person (App tokens get 403 user_context_required)."
        : "Any principal (people and App tokens).";
  const description = [
    op.description,
    who,
    op.capability ? `Capability: \`${op.capability}\`.` : null,
    op.scoped ? "Scoped: send X-Scope." : null,
  ]
    .filter(Boolean)
    .join(" ");
  return {
    operationId: op.operationId,
    summary: op.summary,
    description,
    tags: [op.tag],
    security: op.auth === "public" ? [{}] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    parameters: parameters(op),
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: {
              "application/json": { schema: toDocSchema(op.body, "input", hoisted, `${op.operationId}Body`) },
            },
          },
        }
      : {}),
    responses: responses(op),
    ...(op.paginated ? { "x-paginated": true } : {}),
    ...(op.capability ? { "x-capability": op.capability } : {}),
  };
}

function build(): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  // This document itself (app/api/openapi.json/route.ts; kept out of the registry, which it imports).
  paths["/api/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 document",
      tags: ["Health"],
      security: [{}],
      responses: { 200: { description: "OK", content: { "application/json": { schema: { type: "object" } } } } },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Ledgerlink API",
      version: "1.0.0",
      description:
        "Bank account tracking under PSD2 and a governed company-data registry. JSON in and out; success bodies are `{data, meta:{requestId, page?}}`, errors `{error:{code, message, details?}, meta:{requestId}}`. The sandbox bank (`/sandbox-bank/api/**`) is a simulated bank, not part of this API, and is not documented here.\n\n" +
        "**Limits and hostile input.** Request bodies over 1 MiB (`BODY_LIMIT_BYTES`) answer 413 `payload_too_large` before anything is parsed. " +
        'Strings with a NUL character or an unpaired UTF-16 surrogate, in a JSON body or a query parameter, answer 422 naming the field; unknown body fields (including `__proto__`, `constructor`) answer 422 "Unknown field; remove it.". ' +
        "Cursors are opaque and signed, bound to the list and filters that issued them: any other value answers 422 with `details.cursor`.\n\n" +
        "**Answers before the app.** The server itself answers, in the same envelope with a request id: 431 `request_header_too_large` when the request line and headers exceed 16 KiB (a URL of about 16 kB), " +
        "400 `bad_request` for a request that is not valid HTTP, 408 `request_timeout` for one not received in time. These can come from any path and are not repeated per operation.\n\n" +
        "**Headers.** Every answer carries `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy: strict-origin-when-cross-origin` and a Content-Security-Policy (`default-src 'none'; frame-ancestors 'none'` on API answers); " +
        "`Strict-Transport-Security` when served over https. Writes with the session cookie must come from our own origin (Origin compared in full; `Sec-Fetch-Site: cross-site` refused).",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: "/" }],
    tags: TAGS.map((t) => ({ ...t })),
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths,
    components: components(),
  };
}

function components(): JsonSchema {
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
        description: "W3C Server Timing: `app;dur=<ms>`, the time the server spent on the request",
        schema: { type: "string" },
      },
      "Idempotent-Replayed": {
        description: "`true` when this is a stored response replayed for a repeated Idempotency-Key",
        schema: { type: "string", enum: ["true"] },
      },
    },
  };
}

let cached: OpenApiDocument | null = null;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= build();
  return cached;
}
