// `npm start` and `npm run worker` run the product's processes as JavaScript that esbuild compiled
// from their TypeScript (scripts/start.ts, scripts/serve.ts, scripts/worker.ts and all they import
// from lib/), instead of compiling it under tsx at every start. On this machine a web server was
// ready in 0.85 s of CPU instead of 1.6 s, a worker in 0.47 s instead of 1.0 s (docs/benchmarks.md):
// it counts wherever processes restart (a crash, a deploy, a failover, a scaled-out worker).
//
//   node scripts/run.mjs start|worker|serve [args…]   compile when needed, then run it in this process
//   node scripts/run.mjs compile                compile when needed (`npm run build` does)
//
// - Packages are not bundled: the output requires them from node_modules at run time. It is
//   CommonJS, where esbuild keeps each `require` where the source imported it, so a dynamic import
//   stays lazy and the worker's tracing (scripts/tracing.ts, imported first) starts before `pg` loads.
// - `import.meta.url` stays the URL of the source file, so files found beside a module (the camt.053
//   schemas) are found where they are in the checkout.
// - The output is a cache (node_modules/.cache/ledgerlink/processes, gone with `npm ci`): it is
//   compiled again whenever a file it was compiled from changed, or tsconfig.json, package.json or
//   this file. What was read and a hash of it are kept beside the output; checking costs ~10 ms.
// - Each file is written under another name and renamed, and the manifest last: processes that
//   compile at the same moment (the e2e servers start side by side) never run a half-written file.
// - Linked source maps, turned on in the processes, so a stack trace names the TypeScript line.
// `npm run dev` keeps tsx: it runs the launcher from source, and the launcher then runs its children
// the same way.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const PROCESSES_DIR = path.join(ROOT, "node_modules", ".cache", "ledgerlink", "processes");
const MANIFEST = path.join(PROCESSES_DIR, "manifest.json");
/**
 * What a process is compiled from, by the name `node scripts/run.mjs <name>` runs it under (the
 * launcher, a worker, or a web server alone, as the startup bench starts one); the launcher finds a
 * child's compiled file by its entry's name.
 */
const ENTRIES = { start: "scripts/start.ts", serve: "scripts/serve.ts", worker: "scripts/worker.ts" };
/** Read by every compile without being a module of it. */
const SETTINGS = ["tsconfig.json", "package.json", path.relative(ROOT, SELF)];

/** A hash of these files' names and contents; null when one is gone. */
function hashOf(files) {
  const hash = createHash("sha256");
  for (const file of [...files].sort()) {
    const full = path.join(ROOT, file);
    if (!existsSync(full)) return null;
    hash.update(file).update("\0").update(readFileSync(full)).update("\0");
  }
  return hash.digest("hex");
}

function isFresh() {
  if (!existsSync(MANIFEST)) return false;
  if (!Object.keys(ENTRIES).every((name) => existsSync(path.join(PROCESSES_DIR, `${name}.cjs`)))) return false;
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  return manifest.hash === hashOf(manifest.inputs);
}

/** `import.meta.url` in a source file becomes that file's own URL (CommonJS output has none). */
const sourceMetaUrl = {
  name: "source-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      return {
        contents: text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith(".tsx") ? "tsx" : "ts",
      };
    });
  },
};

async function compile() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: PROCESSES_DIR,
    outExtension: { ".js": ".cjs" },
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    sourcemap: "linked",
    // Node parses a process's maps as it loads it; a stack trace needs the mappings, not the text.
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: "warning",
    plugins: [sourceMetaUrl],
  });
  mkdirSync(PROCESSES_DIR, { recursive: true });
  const put = (file, contents) => {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  };
  for (const output of result.outputFiles) put(output.path, output.contents);
  const inputs = [...Object.keys(result.metafile.inputs), ...SETTINGS];
  put(MANIFEST, JSON.stringify({ hash: hashOf(inputs), inputs }, null, 1));
}

/** Compiles the processes unless what is there was compiled from the sources as they are now. */
async function compileIfNeeded() {
  if (!isFresh()) await compile();
}

async function main() {
  const [what] = process.argv.slice(2);
  if (what === "compile") return compileIfNeeded();
  if (!Object.hasOwn(ENTRIES, what ?? "")) {
    console.error(`Usage: node scripts/run.mjs <start|worker|serve|compile> (not ${JSON.stringify(what)})`);
    process.exit(2);
  }
  await compileIfNeeded();
  process.setSourceMapsEnabled(true);
  // The launcher runs its server and worker from here too (scripts/launch/child.ts).
  process.env.LEDGERLINK_PROCESSES_DIR = PROCESSES_DIR;
  createRequire(import.meta.url)(path.join(PROCESSES_DIR, `${what}.cjs`));
}

await main();
