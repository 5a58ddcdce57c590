// GLEIF publishes no OpenAPI nor JSON Schema, so its contract is made of what it does publish
// (../shared/spec/company-registries/gleif):
// - requests: a GET of a path its Postman collection lists, with only the query parameters the
//   collection uses (page[…], field, q, …) or `filter[<field>]` for a field `GET /fields` names, and
//   the JSON:API media type in Accept;
// - answers: a JSON Schema derived from GLEIF's recorded answers (the lei-record and direct-parent
//   samples make the record; the /fields answer's meta and links make a list's; the fuzzycompletions
//   sample its own): the same keys at every level, no more and no fewer, each value of the sampled
//   type (a scalar may be null, as GLEIF writes absent values); and every value whose /fields entry
//   has an `enum` is one of it. Errors have no sample: `{errors: [{status, title}]}` as JSON:API says.
// A list's `from`/`to` are null on an empty page (GLEIF's paginator; the sample is a full page).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv, { type ValidateFunction } from "ajv";
import type { ContractStats } from "@/testing/support/contract/openapi";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const GLEIF_SPEC_DIR =
  process.env.GLEIF_SPEC_DIR ?? path.resolve(PROJECT_ROOT, "../shared/spec/company-registries/gleif");

type Schema = Record<string, unknown>;
/** Nothing recorded (an empty list's items). */
const ANY: Schema = {};
/** A null recorded: any value, and where another recording shows its type, that type or null. */
const NULL: Schema = {};

const nullable = (s: Schema): Schema => (s.type ? { ...s, type: [...new Set([...[s.type].flat(), "null"])] } : s);
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(GLEIF_SPEC_DIR, file), "utf8"));

/** The structure of one recorded value. */
export function shapeOf(value: unknown): Schema {
  if (value === null) return NULL;
  if (Array.isArray(value)) return { type: "array", items: value.map(shapeOf).reduce(mergeShapes, ANY) };
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: "object",
      properties: Object.fromEntries(entries.map(([k, v]) => [k, shapeOf(v)])),
      required: entries.map(([k]) => k),
      additionalProperties: false,
    };
  }
  return { type: [typeof value === "number" ? "number" : typeof value, "null"] };
}

/** Two recordings of one thing: keys of either, required only where both have them. */
export function mergeShapes(a: Schema, b: Schema): Schema {
  if (a === NULL) return b === ANY ? NULL : nullable(b);
  if (b === NULL) return a === ANY ? NULL : nullable(a);
  if (a === ANY) return b;
  if (b === ANY) return a;
  if (a.type === "object" && b.type === "object" && a.properties && b.properties) {
    const pa = a.properties as Record<string, Schema>;
    const pb = b.properties as Record<string, Schema>;
    const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])];
    return {
      ...a,
      properties: Object.fromEntries(
        keys.map((k) => [k, pa[k] && pb[k] ? mergeShapes(pa[k], pb[k]) : (pa[k] ?? pb[k])]),
      ),
      required: (a.required as string[]).filter((k) => (b.required as string[]).includes(k)),
    };
  }
  if (a.type === "array" && b.type === "array")
    return { type: "array", items: mergeShapes(a.items as Schema, b.items as Schema) };
  return a;
}

type Fields = { data: { attributes: { field: string; enum: string[] | null; jsonPath: string | null } }[] };
type Collection = { item: CollectionItem[] };
type CollectionItem = {
  item?: CollectionItem[];
  request?: { url?: { path?: string[]; query?: { key: string }[] } };
};

function collectionRequests(items: CollectionItem[], paths: RegExp[], params: Set<string>): void {
  for (const item of items) {
    if (item.item) collectionRequests(item.item, paths, params);
    const url = item.request?.url;
    if (!url?.path) continue;
    const template = `/${url.path.join("/")}`.replace(/^\/api\/v1/, "");
    paths.push(new RegExp(`^${template.replace(/:[^/]+/g, "[^/]+").replace(/\./g, "\\.")}$`));
    for (const q of url.query ?? []) if (q.key) params.add(q.key);
  }
}

/** The record's values that /fields gives an enum for, by their path below `attributes`. */
function enumsOf(fields: Fields): [string[], Set<string>][] {
  const byPath = new Map<string, Set<string>>();
  for (const { attributes: a } of fields.data) {
    if (!a.enum || !a.jsonPath || a.jsonPath.includes("[")) continue;
    const set = byPath.get(a.jsonPath) ?? new Set<string>();
    for (const v of a.enum) set.add(v);
    byPath.set(a.jsonPath, set);
  }
  return [...byPath].map(([p, set]) => [p.replace(/^\$\./, "").split("."), set]);
}

export function createGleifContract() {
  if (!existsSync(GLEIF_SPEC_DIR))
    throw new Error(`GLEIF's recorded answers are missing at ${GLEIF_SPEC_DIR} (expected ../shared/spec)`);
  const fields = read("sample-fields-all.json") as Fields & { meta: unknown; links: unknown };
  const recordDoc = read("sample-lei-record-549300YX4S1LLSMK2627.json") as { meta: unknown; data: unknown };
  const parentDoc = read("sample-direct-parent-549300YX4S1LLSMK2627.json") as { data: unknown };
  const record = mergeShapes(shapeOf(recordDoc.data), shapeOf(parentDoc.data));
  const pagination = shapeOf((fields.meta as { pagination: unknown }).pagination) as { properties: Schema };
  for (const k of ["from", "to"]) pagination.properties[k] = { type: ["integer", "null"] };
  const links = shapeOf(fields.links) as { properties: Schema };
  const meta = shapeOf(recordDoc.meta) as { properties: Schema };
  const object = (properties: Schema) => ({
    type: "object",
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });
  const single = object({ meta, data: record });
  const list = object({
    meta: object({ ...meta.properties, pagination }),
    links: { ...links, properties: { ...links.properties, prev: { type: "string" }, next: { type: "string" } } },
    data: { type: "array", items: record },
  });
  const errors = {
    type: "object",
    required: ["errors"],
    properties: { errors: { type: "array", minItems: 1, items: { type: "object", required: ["status", "title"] } } },
  };
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validators: Record<string, ValidateFunction> = {
    single: ajv.compile(single),
    list: ajv.compile(list),
    fuzzy: ajv.compile(shapeOf(read("sample-fuzzycompletions-factbook.json"))),
    errors: ajv.compile(errors),
  };
  const paths: RegExp[] = [];
  const params = new Set<string>();
  collectionRequests((read("gleif-api.postman_collection.json") as Collection).item, paths, params);
  const filters = new Set(fields.data.map((f) => `filter[${f.attributes.field}]`));
  const enums = enumsOf(fields);
  const stats: ContractStats = { requests: 0, responses: 0, violations: [] };

  const checkEnums = (where: string, item: unknown) => {
    const attributes = (item as { attributes?: unknown }).attributes;
    for (const [steps, allowed] of enums) {
      const value = steps.reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], attributes);
      if (typeof value === "string" && !allowed.has(value))
        stats.violations.push(`${where}: ${steps.join(".")} = ${value} is not in /fields' enum`);
    }
  };
  const validate = (where: string, kind: string, body: unknown) => {
    const v = validators[kind];
    if (!v(body))
      stats.violations.push(`${where} (${kind}): ${ajv.errorsText(v.errors)} in ${JSON.stringify(body).slice(0, 300)}`);
  };

  return {
    stats,
    request(method: string, url: URL, apiPath: string, headers: Record<string, string>) {
      stats.requests += 1;
      const where = `${method} ${apiPath}`;
      if (method !== "GET") stats.violations.push(`${where}: GLEIF's API is read-only`);
      if (!paths.some((p) => p.test(apiPath))) stats.violations.push(`${where}: no such path in the collection`);
      for (const key of url.searchParams.keys())
        if (!params.has(key) && !filters.has(key))
          stats.violations.push(`${where}: query parameter ${key} is not GLEIF's`);
      if (!(headers.accept ?? "").includes("application/vnd.api+json"))
        stats.violations.push(`${where}: Accept is not application/vnd.api+json`);
    },
    response(method: string, apiPath: string, status: number, body: unknown) {
      stats.responses += 1;
      const where = `${method} ${apiPath} ${status}`;
      if (status >= 400) return validate(where, "errors", body);
      const kind = apiPath === "/fuzzycompletions" ? "fuzzy" : apiPath === "/lei-records" ? "list" : "single";
      validate(where, kind, body);
      const data = (body as { data?: unknown }).data;
      if (kind !== "fuzzy") for (const item of Array.isArray(data) ? data : [data]) checkEnums(where, item);
    },
  };
}
