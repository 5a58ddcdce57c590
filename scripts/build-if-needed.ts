// Builds the Next.js app when there is no build, or the sources changed since the last one.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "package.json",
  "next.config.mjs",
  "tsconfig.json",
  "postcss.config.mjs",
];
const STAMP = ".next/ll-source-hash";

function walk(entry: string, files: string[]) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    if (entry.endsWith(path.join("lib", "generated"))) return;
    for (const child of readdirSync(entry).sort()) walk(path.join(entry, child), files);
  } else files.push(entry);
}

function sourceHash(): string {
  const files: string[] = [];
  for (const input of INPUTS) walk(input, files);
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

type SourceMap = { sourcesContent?: unknown; sections?: { map: SourceMap }[] };

function dropSourcesContent(map: SourceMap): void {
  delete map.sourcesContent;
  for (const section of map.sections ?? []) dropSourcesContent(section.map);
}

/**
 * The server's source maps without the sources' text. Node reads and parses the map of every chunk
 * a process loads (source maps are on, for readable stack traces: scripts/run.mjs), and the text was
 * 72% of their bytes (27 of 38 MB); a stack trace needs only the mappings and the sources' names.
 */
function slimServerSourceMaps(dir = ".next/server"): void {
  const files: string[] = [];
  walk(dir, files);
  for (const file of files.filter((f) => f.endsWith(".map"))) {
    const map = JSON.parse(readFileSync(file, "utf8")) as SourceMap;
    dropSourcesContent(map);
    writeFileSync(file, JSON.stringify(map));
  }
}

export function buildIfNeeded(): void {
  const hash = sourceHash();
  if (existsSync(".next/BUILD_ID") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash) return;
  console.log("Building the app (next build)…");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  slimServerSourceMaps();
  writeFileSync(STAMP, hash);
}
