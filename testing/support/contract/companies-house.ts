// Validates traffic against Companies House's Public Data API definition (../shared/spec/company-
// registries/uk-companies-house/apispec.json: Swagger 2.0, every $ref inlined). The document is read
// into the OpenAPI shape openapi.ts checks (a parameter's type becomes its schema, a response's schema
// its JSON content), validated with ajv's draft-07 validator. Three gaps of the definition are bridged,
// each in the open:
// - a query value arrives as text, so an `integer` query parameter is checked as a string of digits;
// - the profile's path names its parameter {companyNumber} where the parameter is company_number: path
//   templates take the declared parameters' names;
// - the definition documents neither 429 nor 503 (both answered by the live API: its guide describes
//   the 429), nor the officer list's 404: those statuses are counted in `allowed`, not as violations.
// The definition declares its key as an `api_key` header; the guide sends it by HTTP Basic, which is
// what every request is checked for.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import { addFormats, createOpenApiContract, type OpenApiDocument } from "@/testing/support/contract/openapi";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const CH_SPEC_PATH =
  process.env.COMPANIES_HOUSE_SPEC ??
  path.resolve(PROJECT_ROOT, "../shared/spec/company-registries/uk-companies-house/apispec.json");

type Schema = Record<string, unknown>;
type SwaggerParameter = {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  type?: string;
  enum?: unknown[];
};
type SwaggerOperation = { parameters?: SwaggerParameter[]; responses: Record<string, { schema?: Schema }> };

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);
const FAULTS = [429, 503];

function parameterSchema(p: SwaggerParameter): Schema {
  if (p.in === "query" && p.type === "integer") return { type: "string", pattern: "^-?\\d+$" };
  return { type: p.type === "integer" ? "string" : (p.type ?? "string"), ...(p.enum ? { enum: p.enum } : {}) };
}

/** The Swagger 2.0 bundle as openapi.ts reads an OpenAPI document, and the statuses it leaves out. */
export function companiesHouseDocument(swagger: { paths: Record<string, Record<string, unknown>> }) {
  const paths: OpenApiDocument["paths"] = {};
  const undocumented: Record<string, number[]> = {};
  for (const [template, item] of Object.entries(swagger.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = value as SwaggerOperation;
      const declared = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      let i = 0;
      const renamed = template.replace(/\{[^}]+\}/g, (name) => `{${declared[i++] ?? name.slice(1, -1)}}`);
      paths[renamed] = {
        ...paths[renamed],
        [method]: {
          parameters: (op.parameters ?? []).map((p) => ({
            name: p.name,
            in: p.in,
            required: p.required,
            schema: parameterSchema(p),
          })),
          responses: Object.fromEntries(
            Object.entries(op.responses).map(([status, r]) => [
              status,
              r.schema ? { content: { "application/json": { schema: r.schema } } } : {},
            ]),
          ),
        },
      };
      undocumented[`${method.toUpperCase()} ${renamed}`] = [
        ...FAULTS,
        ...(op.responses["404"] || declared.length === 0 ? [] : [404]),
      ];
    }
  }
  return { doc: { paths, components: {} }, undocumented };
}

export function createCompaniesHouseContract() {
  if (!existsSync(CH_SPEC_PATH))
    throw new Error(`The Companies House definition is missing at ${CH_SPEC_PATH} (expected ../shared/spec)`);
  const swagger = JSON.parse(readFileSync(CH_SPEC_PATH, "utf8")) as Parameters<typeof companiesHouseDocument>[0];
  const { doc, undocumented } = companiesHouseDocument(swagger);
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  const contract = createOpenApiContract({ doc, id: "ch", ajv, undocumented });
  return {
    ...contract,
    request(method: string, url: URL, apiPath: string, headers: Record<string, string>, body: unknown) {
      if (!/^Basic [A-Za-z0-9+/]+=*$/.test(headers.authorization ?? ""))
        contract.stats.violations.push(`${method} ${apiPath}: no HTTP Basic key (Authorization: Basic …)`);
      contract.request(method, url, apiPath, headers, body);
    },
  };
}
