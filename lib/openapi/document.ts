// Builds the OpenAPI 3.1 document from the route modules' own route() declarations
// (lib/openapi/routes.ts lists the modules) and their zod schemas.
import { z } from "zod";
import type { Contract } from "@/lib/api/contract";
import { isPage, isRedirect } from "@/lib/api/responses";
import { fileMediaType, successBodySchema } from "@/lib/openapi/bodies";
import { components, INTRODUCTION } from "@/lib/openapi/components";
import { errorStatusesOf, serverErrorCodes } from "@/lib/openapi/errors";
import { toDocSchema, toSchema, type JsonSchema } from "@/lib/openapi/json-schema";
import { operations, type Operation } from "@/lib/openapi/routes";
import { errorEnvelope } from "@/lib/openapi/schemas/common";
import { TAGS } from "@/lib/openapi/tags";
import { webhookMessages } from "@/lib/openapi/webhooks";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, JsonSchema>>;
  /** The messages sent to webhook endpoints (lib/openapi/webhooks.ts). */
  webhooks: Record<string, JsonSchema>;
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

const isPost = (op: Operation) => op.method === "POST";

/** The headers of an error answer: the server's own (413, 431) come before the rate limiter runs. */
function errorHeaders(status: number): JsonSchema {
  if (status === 431) return { "X-Request-Id": RATE_HEADERS["X-Request-Id"] };
  if (status === 413)
    return { "X-Request-Id": RATE_HEADERS["X-Request-Id"], "Server-Timing": RATE_HEADERS["Server-Timing"] };
  const headers: JsonSchema = { ...RATE_HEADERS };
  if (status === 429 || status === 503) headers["Retry-After"] = ref("headers", "Retry-After");
  if (status === 401) headers["WWW-Authenticate"] = { schema: { type: "string" } };
  if (status === 405) headers.Allow = { description: "The methods this path supports", schema: { type: "string" } };
  return headers;
}

const errorResponse = (status: number, codes: ErrorCode[]): JsonSchema => ({
  description: `${STATUS_TEXT[status] ?? status}: ${codes.map((code) => `\`${code}\``).join(", ")}`,
  headers: errorHeaders(status),
  content: { "application/json": { schema: toSchema(errorEnvelope(status, codes), "output") } },
});

function parameters({ path, method, contract: c }: Operation): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const name of path.match(/\{([^}]+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
    const isUuid = c.uuidParams?.includes(name);
    out.push({
      name,
      in: "path",
      required: true,
      schema: isUuid ? { type: "string", format: "uuid" } : { type: "string" },
    });
  }
  if (c.scoped) out.push(ref("parameters", "X-Scope"));
  if (method === "POST" && c.auth !== "public") out.push(ref("parameters", "Idempotency-Key"));
  if (c.query) {
    const query = toSchema(c.query, "input");
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
  const { contract: c } = op;
  const out: JsonSchema = {};
  for (const status of Object.keys(c.responses).map(Number)) {
    const body = successBodySchema(c, status);
    const mediaType = fileMediaType(c, status);
    const headers: JsonSchema = c.bare ? {} : { ...RATE_HEADERS };
    if (isRedirect(c.responses[status as keyof Contract["responses"]]))
      headers.Location = { description: "Where the browser goes next", schema: { type: "string" } };
    if (isPost(op) && !c.bare) headers["Idempotent-Replayed"] = ref("headers", "Idempotent-Replayed");
    const schema = mediaType ? toSchema(z.string(), "output") : body ? docSchema(body, op, String(status)) : null;
    out[status] = {
      description: STATUS_TEXT[status] ?? String(status),
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(schema ? { content: { [mediaType ?? "application/json"]: { schema } } } : {}),
    };
  }
  for (const [status, codes] of errorStatusesOf(op.method, c)) out[status] = errorResponse(status, codes);
  return out;
}

const docSchema = (schema: z.ZodType, op: Operation, suffix: string, io: "input" | "output" = "output") =>
  toDocSchema(schema, io, hoisted, `${op.contract.operationId}${suffix}`);

function operationObject(op: Operation): JsonSchema {
  const { contract: c } = op;
  const who =
    c.auth === "public"
      ? "Public."
      : c.auth === "user"
        ? "A signed-in person (App tokens get 403 user_context_required)."
        : "Any principal (people and App tokens).";
  const description = [
    c.description,
    who,
    c.capability ? `Capability: \`${c.capability}\`.` : null,
    c.scoped ? "Scoped: send X-Scope." : null,
  ]
    .filter(Boolean)
    .join(" ");
  // An empty body counts as `{}` (lib/api/validate.ts): the body is optional when `{}` is valid.
  const bodyRequired = c.body ? !c.body.safeParse({}).success : false;
  return {
    operationId: c.operationId,
    summary: c.summary,
    description,
    tags: [c.tag],
    security: c.auth === "public" ? [{}] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    parameters: parameters(op),
    ...(c.body
      ? {
          requestBody: {
            required: bodyRequired,
            content: { "application/json": { schema: docSchema(c.body, op, "Body", "input") } },
          },
        }
      : {}),
    ...(c.upload
      ? {
          requestBody: {
            required: true,
            description: `${c.upload.description} At most ${c.upload.maxBytes} bytes.`,
            content: Object.fromEntries(
              c.upload.mediaTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
            ),
          },
        }
      : {}),
    responses: responses(op),
    ...(Object.values(c.responses).some(isPage) ? { "x-paginated": true } : {}),
    ...(c.capability ? { "x-capability": c.capability } : {}),
  };
}

function build(): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations()) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  // This document itself (app/api/openapi.json/route.ts; not in the module list, which it would import).
  paths["/api/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 document",
      tags: ["Health"],
      security: [{}],
      responses: {
        200: { description: "OK", content: { "application/json": { schema: { type: "object" } } } },
        ...Object.fromEntries(
          serverErrorCodes("GET", {}).map((code) => [ERROR_STATUS[code], errorResponse(ERROR_STATUS[code], [code])]),
        ),
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: { title: "Ledgerlink API", version: "1.0.0", description: INTRODUCTION },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: "/" }],
    tags: TAGS.map((t) => ({ ...t })),
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths,
    webhooks: webhookMessages(),
    components: components(hoisted),
  };
}

let cached: OpenApiDocument | null = null;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= build();
  return cached;
}
