// `npm run build` (after generating the Prisma client), and `npm test` before the end-to-end servers
// start: builds the app when its sources changed since the last build, recording them as the
// launcher's own check does (scripts/build-if-needed.ts), so `npm start` after it builds nothing;
// then compiles the processes (scripts/run.mjs). The e2e servers Playwright starts side by side thus
// never build into the same .next, or compile, at the same time.
import { execFileSync } from "node:child_process";
import { buildIfNeeded } from "./build-if-needed";

buildIfNeeded();
execFileSync(process.execPath, ["scripts/run.mjs", "compile"], { stdio: "inherit" });
