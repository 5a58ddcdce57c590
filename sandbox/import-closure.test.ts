// The banks are another system than the product: their process (sandbox/server.ts) reaches into the
// product for pure utilities only (dates, money, a country's registration-number format and check
// digits), for generic plumbing that reads no setting and holds no state (lib/plumbing: a pg
// transaction on a pool it is given, the Node ↔ web bridge, the signal loop) and for the launcher's
// embedded cluster (with its settings, a pure function of the machine's memory), never for its
// routes' kernel, auth, database client or environment module — so nothing of the product's
// configuration, state or secrets can leak into the banks, transitively either. And, one process,
// one module graph: no `globalThis` registry anywhere in the banks.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveFile(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate) && /\.(tsx?|json)$/.test(candidate)) return candidate;
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

function closure(entry: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (file.endsWith(".json")) return;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (specifier.startsWith("node:")) continue;
      const resolved = resolveFile(specifier, file);
      if (resolved) visit(resolved);
    }
  };
  visit(path.join(ROOT, entry));
  return [...files].map((f) => path.relative(ROOT, f)).sort();
}

describe("the banks process's own modules", () => {
  const files = closure("sandbox/server.ts");

  it("take from the product only its pure utilities, its plumbing and the embedded cluster", () => {
    const product = files.filter((f) => !f.startsWith("sandbox/"));
    const pure = /^lib\/(dates\/|money\/|plumbing\/|datasets\/(registration-number|check-digits)\.ts$)/;
    expect(product.filter((f) => !pure.test(f) && !/^lib\/db\/embedded(-settings)?\.ts$/.test(f))).toEqual([]);
    expect(product).toContain("lib/db/embedded.ts");
    expect(product).toContain("lib/plumbing/run-until-signal.ts");
  });

  it("hold no globalThis registry", () => {
    for (const file of files) expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toMatch(/globalThis/);
  });
});
