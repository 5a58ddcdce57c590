// Validates HTTP traffic against an OpenAPI document with ajv: every request a client sends (path,
// query, chosen headers, body) and every response a fake sends (a documented status, a body of its
// schema). Shared by the Enable Banking (OpenAPI 3.1) and GoCardless (OpenAPI 3.0) contracts and the
// company registers' (OpenAPI 3.0: parameters declared on the path as well as the operation, query
// values read as the type their schema declares, a `default` response covering other statuses).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type Ajv from "ajv";
import { parse } from "yaml";
import type { ValidateFunction } from "ajv";

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type PathItem = Record<string, Operation> & { parameters?: Parameter[] };
export type OpenApiDocument = { paths: Record<string, PathItem>; components: Schema };

/** A parameter's text as the type its schema declares ("25" → 25 for an integer), else the text. */
function typedValue(schema: Schema, text: string): unknown {
  if ((schema.type === "integer" || schema.type === "number") && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (schema.type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

export type ContractStats = { requests: number; responses: number; violations: string[] };

const SHARED_SPEC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../shared/spec");

/** A definition (YAML or JSON) under ../shared/spec beside the repository, parsed. */
export function loadSharedSpec(relative: string): unknown {
  const file = path.join(SHARED_SPEC, relative);
  if (!existsSync(file))
    throw new Error(`A definition is missing at ${file} (expected ../shared/spec beside the repository)`);
  return parse(readFileSync(file, "utf8"));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The string formats these specifications use, checked strictly (a date is a real calendar day). */
export function addFormats(ajv: Ajv): Ajv {
  ajv.addFormat("uuid", UUID).addFormat("uuid4", UUID);
  ajv.addFormat("date", {
    validate: (s: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
  });
  ajv.addFormat("date-time", {
    validate: (s: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
  });
  ajv.addFormat("uri", { validate: (s: string) => URL.canParse(s) });
  ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  return ajv;
}

/** `#/…` refs rewritten to point into the document registered under `id`. */
export function rebase(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rebase(v, id));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `${id}${v}` : rebase(v, id),
    ]),
  );
}

export type ContractOptions = {
  /** The document, already rebased onto `id`. */
  doc: OpenApiDocument;
  id: string;
  ajv: Ajv;
  /** Request headers whose presence must be declared by the operation (e.g. PSU headers). */
  checkedHeader?: (name: string) => boolean;
  /**
   * Statuses an operation answers that its specification leaves out, by "METHOD /path": each
   * counted in `allowed`, so the report shows the gap instead of hiding it.
   */
  undocumented?: Record<string, number[]>;
};

export function createOpenApiContract(options: ContractOptions) {
  const { doc, ajv } = options;
  ajv.addSchema({ $id: options.id, components: doc.components });
  const cache = new Map<Schema, ValidateFunction>();
  const compile = (schema: Schema) => {
    let v = cache.get(schema);
    if (!v) cache.set(schema, (v = ajv.compile(schema)));
    return v;
  };
  const templates = Object.keys(doc.paths).map((p) => ({
    path: p,
    re: new RegExp(`^${p.replace(/\{[^}]+\}/g, "([^/]+)")}$`),
    names: [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
  }));
  const stats: ContractStats & { allowed: string[] } = { requests: 0, responses: 0, violations: [], allowed: [] };

  const find = (method: string, pathname: string) => {
    for (const t of templates) {
      const m = t.re.exec(pathname);
      const item = doc.paths[t.path];
      const op = m ? item[method.toLowerCase()] : undefined;
      if (m && op)
        return {
          op,
          pathParameters: item.parameters ?? [],
          where: `${method} ${t.path}`,
          params: Object.fromEntries(t.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])),
        };
    }
    return null;
  };
  const check = (where: string, what: string, schema: Schema, value: unknown) => {
    const validate = compile(schema);
    if (!validate(value))
      stats.violations.push(
        `${where} ${what}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(value).slice(0, 300)}`,
      );
  };

  return {
    stats,
    /** A request, its path relative to the API root of the document's paths. */
    request(method: string, url: URL, apiPath: string, headers: Record<string, string>, body: unknown) {
      stats.requests += 1;
      const found = find(method, apiPath);
      if (!found) return void stats.violations.push(`${method} ${apiPath}: no such operation in the specification`);
      const { op, where, params, pathParameters } = found;
      const own = op.parameters ?? [];
      const declared = [...pathParameters.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      for (const p of declared) {
        if (p.in === "cookie") continue;
        const value =
          p.in === "path"
            ? params[p.name]
            : p.in === "query"
              ? url.searchParams.get(p.name)
              : headers[p.name.toLowerCase()];
        if (value === undefined || value === null) {
          if (p.required) stats.violations.push(`${where}: required ${p.in} parameter ${p.name} missing`);
        } else check(where, `${p.in} parameter ${p.name}`, p.schema, typedValue(p.schema, value));
      }
      for (const name of url.searchParams.keys()) {
        if (!declared.some((p) => p.in === "query" && p.name === name))
          stats.violations.push(`${where}: undeclared query parameter ${name}`);
      }
      for (const name of Object.keys(headers).filter((h) => options.checkedHeader?.(h))) {
        if (!declared.some((p) => p.in === "header" && p.name.toLowerCase() === name))
          stats.violations.push(`${where}: undeclared header ${name}`);
      }
      const bodySchema = op.requestBody?.content["application/json"]?.schema;
      if (bodySchema && (body !== undefined || op.requestBody?.required))
        check(where, "request body", bodySchema, body);
      if (!bodySchema && body !== undefined) stats.violations.push(`${where}: a body the operation does not take`);
    },
    response(method: string, apiPath: string, status: number, body: unknown) {
      stats.responses += 1;
      const found = find(method, apiPath);
      if (!found) return;
      const documented = found.op.responses[String(status)] ?? found.op.responses.default;
      if (!documented) {
        if (options.undocumented?.[found.where]?.includes(status))
          return void stats.allowed.push(`${found.where} ${status}`);
        return void stats.violations.push(`${found.where}: status ${status} is not documented`);
      }
      const schema = documented.content?.["application/json"]?.schema;
      if (schema) check(found.where, `response ${status}`, schema, body);
    },
  };
}
