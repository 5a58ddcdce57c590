// For the direct-lane tests: the app's API routes as Next's build lists them, read from the source tree.
import { readdirSync } from "node:fs";
import path from "node:path";

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** The same shape as Next's app-paths-manifest.json, built from the source tree. */
export function manifestFromSource(): Record<string, string> {
  const manifest: Record<string, string> = {};
  for (const file of routeFiles(path.resolve("app"))) {
    const rel = path.relative(path.resolve("app"), file).split(path.sep).join("/");
    manifest[`/${rel.replace(/\.ts$/, "")}`] = `app/${rel}`;
  }
  return manifest;
}
