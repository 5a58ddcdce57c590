// Renders a JSON Schema (2020-12, as in the OpenAPI document) as nested field lists.
import type { JsonSchema } from "@/lib/openapi/json-schema";

const asSchema = (v: unknown): JsonSchema | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as JsonSchema) : null;

/** A one-line type, e.g. `string | null`, `array of object`, `"booked" | "pending"`. */
export function typeLabel(schema: JsonSchema): string {
  if (typeof schema.$ref === "string") return schema.$ref.split("/").at(-1)?.split("_").at(-1) ?? "object";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) return variants.map(typeLabel).join(" | ");
  const type = Array.isArray(schema.type) ? (schema.type as string[]).join(" | ") : (schema.type as string | undefined);
  if (type === "array") {
    const items = asSchema(schema.items);
    return `array of ${items ? typeLabel(items) : "any"}`;
  }
  const format = typeof schema.format === "string" ? ` (${schema.format})` : "";
  return (type ?? "any") + format;
}

function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  for (const [key, label] of [
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minimum", "min"],
    ["maximum", "max"],
    ["minItems", "min items"],
    ["maxItems", "max items"],
    ["pattern", "pattern"],
    ["default", "default"],
  ] as const) {
    if (schema[key] !== undefined)
      out.push(`${label} ${typeof schema[key] === "string" ? schema[key] : JSON.stringify(schema[key])}`);
  }
  return out;
}

/** The object schema to descend into (an object, an array of objects, or a nullable/union variant of one). */
function childObject(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  const items = asSchema(schema.items);
  if (items) return childObject(items);
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants)) {
    const objects = variants.map(childObject).filter((v): v is JsonSchema => v !== null);
    if (objects.length === 1) return objects[0];
  }
  return null;
}

export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!schema.properties && Array.isArray(variants) && variants.filter((v) => v.properties).length > 1) {
    return (
      <div className="space-y-2">
        {variants.map((v, i) => (
          <div key={i}>
            <p className="text-xs font-medium text-slate-500">{i === 0 ? "One of:" : "or:"}</p>
            <SchemaView schema={v} depth={depth + 1} />
          </div>
        ))}
      </div>
    );
  }
  const object = childObject(schema);
  if (!object) return <code className="text-xs text-slate-700">{typeLabel(schema)}</code>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  const properties = Object.entries((object.properties as Record<string, JsonSchema>) ?? {});
  return (
    <ul className={depth ? "ml-4 border-l border-slate-200 pl-3" : ""}>
      {properties.map(([name, prop]) => {
        const child = depth < 5 ? childObject(prop) : null;
        const notes = constraints(prop);
        return (
          <li key={name} className="py-1 text-sm">
            <code className="font-semibold text-slate-900">{name}</code>{" "}
            <code className="text-xs text-indigo-700">{typeLabel(prop)}</code>
            {required.has(name) ? <span className="ml-2 text-xs font-medium text-rose-600">required</span> : null}
            {typeof prop.description === "string" ? (
              <span className="ml-2 text-xs text-slate-600">{prop.description}</span>
            ) : null}
            {notes.length ? <span className="ml-2 text-xs text-slate-500">({notes.join(", ")})</span> : null}
            {child ? <SchemaView schema={child} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
