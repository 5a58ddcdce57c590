// postinstall: generate the Prisma client offline. The CLI reads DATABASE_URL while loading the
// schema even though generating needs no database, so a placeholder is supplied when it is unset.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const cli = "node_modules/prisma/build/index.js";
if (!existsSync(cli)) {
  // e.g. `npm install --package-lock-only`: nothing installed, nothing to generate.
  console.log("prisma is not installed; skipping client generation");
  process.exit(0);
}
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || "postgresql://localhost:5432/placeholder" };
execFileSync(process.execPath, [cli, "generate"], { stdio: "inherit", env });
