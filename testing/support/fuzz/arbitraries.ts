// fast-check arbitraries from the JSON Schemas the OpenAPI document is built from (the routes' own
// zod schemas): values that mostly pass validation, so the fuzz reaches handlers, not only 422s.
// `hints` gives known-good values by field name (a real bank id, our consent id, …).
import fc from "fast-check";
import type { JsonSchema } from "@/lib/openapi/json-schema";

export type Hints = Record<string, unknown[]>;
type Arb = fc.Arbitrary<unknown>;

const types = (s: JsonSchema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];

function stringArb(s: JsonSchema): Arb {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  switch (s.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.uuid().map((u) => `fuzz-${u}@example.test`);
    case "date":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "uri":
      return fc.constantFrom("http://localhost:3000/connect/result", "https://example.test/back");
    default: {
      const minLength = typeof s.minLength === "number" ? s.minLength : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxLength === "number" ? s.maxLength : 24, 24));
      return fc.string({ minLength, maxLength });
    }
  }
}

function numberArb(s: JsonSchema, integer: boolean): Arb {
  const min = typeof s.minimum === "number" ? s.minimum : -1000;
  const max = typeof s.maximum === "number" ? s.maximum : 1000;
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

export function arbitraryFor(schema: JsonSchema, hints: Hints = {}, name = ""): Arb {
  const base = fromSchema(schema, hints);
  const hinted = hints[name];
  return hinted?.length ? fc.oneof(fc.constantFrom(...hinted), base) : base;
}

function fromSchema(s: JsonSchema, hints: Hints): Arb {
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, hints)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const kinds = types(s);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => fromSchema({ ...s, type }, hints)));
  switch (kinds[0]) {
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const model: Record<string, Arb> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = arbitraryFor(child, hints, key);
      return fc.record(model, { requiredKeys: ((s.required ?? []) as string[]).filter((k) => k in model) });
    }
    case "array": {
      const items = (s.items ?? {}) as JsonSchema;
      const minLength = typeof s.minItems === "number" ? s.minItems : 0;
      return fc.array(arbitraryFor(items, hints), {
        minLength,
        maxLength: Math.max(minLength, Math.min(Number(s.maxItems ?? 3), 3)),
      });
    }
    case "string":
      return stringArb(s);
    case "integer":
      return numberArb(s, true);
    case "number":
      return numberArb(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean());
  }
}

/** A query string from an object (arrays become repeated keys), percent-encoded. */
export function toQuery(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      params.append(key, typeof v === "string" ? v : JSON.stringify(v));
  }
  return params.toString();
}
