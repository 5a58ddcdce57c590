// Reads `required` and `properties` of named schemas from the Berlin Group OpenAPI YAML without a
// YAML library: components/schemas entries sit at a fixed indentation in that file.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The shared specification sits beside the repository (`../shared/spec/…` from the project root). */
export const SPEC_YAML_PATH =
  process.env.NEXTGENPSD2_SPEC ??
  path.resolve(PROJECT_ROOT, "../shared/spec/nextgenpsd2/psd2-api_v1.3.12-2022-07-06.yaml");

export type SchemaOutline = { required: string[]; properties: string[] };

const indentOf = (line: string) => line.length - line.trimStart().length;

export function schemaOutlines(yamlText: string, names: readonly string[]): Record<string, SchemaOutline> {
  const lines = yamlText.split("\n");
  const start = lines.findIndex((l) => l === "  schemas:");
  const out: Record<string, SchemaOutline> = {};
  for (const name of names) {
    const at = lines.findIndex((l, i) => i > start && indentOf(l) === 4 && l.trim().replace(/\s+$/, "") === `${name}:`);
    if (at < 0) throw new Error(`schema ${name} not found in the spec`);
    const outline: SchemaOutline = { required: [], properties: [] };
    let section: "required" | "properties" | null = null;
    for (let i = at + 1; i < lines.length; i++) {
      const line = lines[i];
      if (line.trim() === "" || line.trim().startsWith("#")) continue;
      const indent = indentOf(line);
      if (indent <= 4) break;
      if (indent === 6)
        section = line.trim() === "required:" ? "required" : line.trim() === "properties:" ? "properties" : null;
      else if (section === "required" && indent === 8 && line.trim().startsWith("- "))
        outline.required.push(line.trim().slice(2).replace(/["']/g, "").trim());
      else if (section === "properties" && indent === 8 && /^[A-Za-z_][\w-]*:\s*$/.test(line.trim()))
        outline.properties.push(line.trim().slice(0, -1));
    }
    out[name] = outline;
  }
  return out;
}

/** Throws when the file is missing: a contract check that cannot find its contract has failed. */
export function loadSpecOutlines(names: readonly string[]): Record<string, SchemaOutline> {
  if (!existsSync(SPEC_YAML_PATH)) {
    throw new Error(
      `The NextGenPSD2 specification is missing at ${SPEC_YAML_PATH} (expected ../shared/spec beside the repository)`,
    );
  }
  return schemaOutlines(readFileSync(SPEC_YAML_PATH, "utf8"), names);
}
