// The modules a process loads from an entry file, followed through `@/` and relative imports (type
// imports, which load nothing, are skipped): for the tests that hold a process to what it may load
// (sandbox/import-closure.test.ts, testing/integration/server/import-closure.test.ts). JSON files
// are leaves; a bare specifier is a package, reported by its name.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveFile(root: string, specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate) && /\.(tsx?|json)$/.test(candidate)) return candidate;
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** The files (relative to `root`, sorted) and the packages `entry` loads, transitively. */
export function importClosure(root: string, entry: string): { files: string[]; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith(".json")) return;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (specifier.startsWith("node:")) continue;
      const resolved = resolveFile(root, specifier, file);
      if (resolved) visit(resolved);
      else
        packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]);
    }
  };
  visit(path.join(root, entry));
  return { files: [...files].map((f) => path.relative(root, f)).sort(), packages };
}
