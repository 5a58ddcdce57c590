// `npm run lock:platforms`, after any `npm install` that changes the lock file.
// The registry this project installs from serves no macOS/Windows/Android builds of some native
// packages (Next's SWC, Tailwind's oxide), so npm cannot write their lock entries; `npm ci` then
// refuses the lock ("Missing: … from lock file"). This adds each missing optional platform package
// as a version-only optional entry with its os/cpu, which npm skips on this platform.
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = { darwin: "darwin", win32: "win32", linux: "linux", freebsd: "freebsd", android: "android", wasm32: null };
const CPU = { arm64: "arm64", x64: "x64", arm: "arm", ia32: "ia32", wasi: "wasm32" };

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => p in OS);
  const cpu = parts.find((p) => p in CPU);
  return { os: os && OS[os] ? [OS[os]] : undefined, cpu: cpu ? [CPU[cpu]] : undefined };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    packages[`node_modules/${name}`] = { version, optional: true, ...platformOf(name) };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock file: ${added} missing optional platform entr${added === 1 ? "y" : "ies"} added`);
