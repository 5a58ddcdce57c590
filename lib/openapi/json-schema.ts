// zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1), without the top-level $schema.
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

export function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * For a schema inside the OpenAPI document: local `$defs` (recursive shapes such as a family tree) are
 * moved into `sink` (components.schemas) under `prefix_name`, and their references rewritten.
 */
export function toDocSchema(
  schema: z.ZodType,
  io: "input" | "output",
  sink: Record<string, JsonSchema>,
  prefix: string,
): JsonSchema {
  const json = toSchema(schema, io);
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return json;
  delete json.$defs;
  let text = JSON.stringify({ json, defs });
  for (const name of Object.keys(defs)) {
    text = text.split(`"#/$defs/${name}"`).join(`"#/components/schemas/${prefix}_${name.replace(/^_+/, "")}"`);
  }
  const rewritten = JSON.parse(text) as { json: JsonSchema; defs: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries(rewritten.defs)) sink[`${prefix}_${name.replace(/^_+/, "")}`] = def;
  return rewritten.json;
}
