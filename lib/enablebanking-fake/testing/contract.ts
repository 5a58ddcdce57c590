// Validates traffic against the shared Enable Banking OpenAPI file (../shared/spec/enable-banking/…)
// with ajv (JSON Schema 2020-12, as OpenAPI 3.1 is): every request our client sends (path, query,
// PSU headers, body) and every response the fake sends (a documented status, a body of its schema).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { parse } from "yaml";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const EB_SPEC_PATH =
  process.env.ENABLE_BANKING_SPEC ??
  path.resolve(PROJECT_ROOT, "../shared/spec/enable-banking/enable-banking-api-openapi.yml");

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

export type ContractStats = { requests: number; responses: number; violations: string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `#/…` refs point into the spec document, registered under the id "eb". */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `eb${v}` : rebase(v),
    ]),
  );
}

export function createContract() {
  if (!existsSync(EB_SPEC_PATH))
    throw new Error(
      `The Enable Banking specification is missing at ${EB_SPEC_PATH} (expected ../shared/spec beside the repository)`,
    );
  const doc = rebase(parse(readFileSync(EB_SPEC_PATH, "utf8"))) as {
    paths: Record<string, Record<string, Operation>>;
    components: Schema;
  };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
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
  ajv.addSchema({ $id: "eb", components: doc.components });
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
  const stats: ContractStats = { requests: 0, responses: 0, violations: [] };

  const find = (method: string, pathname: string) => {
    for (const t of templates) {
      const m = t.re.exec(pathname);
      const op = m ? doc.paths[t.path][method.toLowerCase()] : undefined;
      if (m && op)
        return {
          op,
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
    /** A request to the API, its path relative to the API root (e.g. "/sessions/…"). */
    request(method: string, url: URL, apiPath: string, headers: Record<string, string>, body: unknown) {
      stats.requests += 1;
      const found = find(method, apiPath);
      if (!found) return void stats.violations.push(`${method} ${apiPath}: no such operation in the specification`);
      const { op, where, params } = found;
      const declared = op.parameters ?? [];
      for (const p of declared) {
        const value =
          p.in === "path"
            ? params[p.name]
            : p.in === "query"
              ? url.searchParams.get(p.name)
              : headers[p.name.toLowerCase()];
        if (value === undefined || value === null) {
          if (p.required) stats.violations.push(`${where}: required ${p.in} parameter ${p.name} missing`);
        } else check(where, `${p.in} parameter ${p.name}`, p.schema, value);
      }
      for (const name of url.searchParams.keys()) {
        if (!declared.some((p) => p.in === "query" && p.name === name))
          stats.violations.push(`${where}: undeclared query parameter ${name}`);
      }
      for (const name of Object.keys(headers).filter((h) => h.startsWith("psu-"))) {
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
      const documented = found.op.responses[String(status)];
      if (!documented) return void stats.violations.push(`${found.where}: status ${status} is not documented`);
      const schema = documented.content?.["application/json"]?.schema;
      if (schema) check(found.where, `response ${status}`, schema, body);
    },
  };
}
