// Route inventory: the module list the document is built from (lib/openapi/routes.ts) names every route
// file under app/api at its own path, every documented path has a route file, and every method a
// route file serves declares its contract.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { contractOf } from "@/lib/api/methods";
import { operations, ROUTE_MODULES } from "@/lib/openapi/routes";

const API_DIR = path.join(process.cwd(), "app", "api");
/** Not our API: Auth.js's own endpoints and the catch-all 404. */
const EXCLUDED = new Set(["/api/auth/{...nextauth}", "/api/{...path}"]);
/** The document's own route: it imports the document, so the module list cannot import it back. */
const SELF = "/api/openapi.json";

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/**
 * Route files nobody has committed yet (a colleague's work in progress in a shared working tree) are
 * left out; once committed, a route file must be in lib/openapi/routes.ts. Outside git: none.
 */
function untracked(): Set<string> {
  try {
    const out = execFileSync("git", ["ls-files", "--others", "--exclude-standard", "--", "app/api"], {
      encoding: "utf8",
    });
    return new Set(
      out
        .split("\n")
        .filter(Boolean)
        .map((f) => path.join(process.cwd(), f)),
    );
  } catch {
    return new Set();
  }
}

function toOpenApiPath(file: string): string {
  const rel = path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep);
  return `/${rel.map((seg) => seg.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
}

describe("route inventory", () => {
  const skip = untracked();
  const filePaths = new Set(
    routeFiles(API_DIR)
      .filter((f) => !skip.has(f))
      .map(toOpenApiPath)
      .filter((p) => !EXCLUDED.has(p)),
  );
  const docPaths = new Set(Object.keys(openApiDocument().paths));

  it("finds the route files", () => {
    expect(filePaths.size).toBeGreaterThan(30);
  });

  it("documents every route file under app/api", () => {
    expect([...filePaths].filter((p) => !docPaths.has(p)).sort()).toEqual([]);
  });

  it("has a route file for every documented path", () => {
    expect([...docPaths].filter((p) => !filePaths.has(p)).sort()).toEqual([]);
  });

  it("lists every route file in the module list, each under its own path", () => {
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual([...filePaths].filter((p) => p !== SELF).sort());
  });

  it("has a declared contract for every method a listed module serves (the others answer 405)", () => {
    for (const [path, module] of Object.entries(ROUTE_MODULES)) {
      const served = Object.entries(module).filter(([, handler]) => contractOf(handler));
      expect(served.length, path).toBeGreaterThan(0);
    }
  });

  it("maps each handler to one operation, with unique operation ids", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(55);
    expect(new Set(ops.map((op) => op.handler)).size).toBe(ops.length);
    expect(new Set(ops.map((op) => op.contract.operationId)).size).toBe(ops.length);
  });
});
