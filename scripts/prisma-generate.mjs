// postinstall: generate the Prisma client offline. The CLI reads DATABASE_URL while loading the
// schema even though generating needs no database, so a placeholder is supplied when it is unset.
import { execFileSync } from "node:child_process";

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || "postgresql://localhost:5432/placeholder" };
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
