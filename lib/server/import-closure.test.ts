// The web server process runs two bodies of code: Next's bundle (every route, page and stateful
// module) and, outside it, the HTTP layer of scripts/serve.ts. Only the bundle may hold state: if
// the outer layer imported a pool, the queue or a limiter, the process would hold two copies of it
// (the trap the old shared-process design fell into). This walks the outer layer's imports.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;
// What the outer layer may use from outside the project: Next itself, validation, the marker package,
// and the OpenTelemetry API (to flush the spans Next's SDK batched before exiting: it reaches the SDK
// through the API's own global provider, and holds no connection of ours).
const ALLOWED_PACKAGES = new Set(["next", "zod", "server-only", "@opentelemetry/api"]);

function resolveFile(specifier: string, from: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.tsx?$/.test(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

function closure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (specifier.startsWith("node:")) continue;
      const resolved = resolveFile(specifier, file);
      if (resolved) visit(resolved);
      else
        packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]);
    }
  };
  visit(path.join(ROOT, entry));
  return { files, packages };
}

describe("the web server's own modules (outside Next's bundle)", () => {
  const { files, packages } = closure("scripts/serve.ts");
  const relative = [...files].map((f) => path.relative(ROOT, f)).sort();

  it("use no package that holds connections or state (pg, pg-boss, Prisma, limiters)", () => {
    expect([...packages].filter((p) => !ALLOWED_PACKAGES.has(p))).toEqual([]);
  });

  it("are the HTTP layer and what it reads, none of them keeping module-global state", () => {
    expect(
      relative.filter((f) => !/^(scripts\/serve\.ts|lib\/server\/|lib\/api\/|lib\/env\.ts|lib\/errors\.ts)/.test(f)),
    ).toEqual([]);
    for (const file of files) expect(readFileSync(file, "utf8"), file).not.toMatch(/globalThis/);
  });
});
