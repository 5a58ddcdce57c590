// zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1), without the top-level $schema.
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

export function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}
