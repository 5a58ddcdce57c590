// Builds the app once (when its sources changed) before the end-to-end servers start, so that the
// servers Playwright starts side by side never build into the same .next at the same time, and
// compiles the processes they run (scripts/run.mjs) for the same reason.
import { execFileSync } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed";

buildIfNeeded();
execFileSync(process.execPath, ["scripts/run.mjs", "compile"], { stdio: "inherit" });
