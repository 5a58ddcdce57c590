// `npm start`: the launcher. It owns the embedded PostgreSQL (unless DATABASE_URL is set), applies
// migrations, prepares the mode's data (demo data, or a setup link for the first admin), builds if
// needed, then runs the product as processes of their own, one module graph each:
//   banks   sandbox/server.ts: the sandbox bank and the aggregator fakes on their own origin
//           (SANDBOX_BANK_URL, default http://127.0.0.1:<PORT+1>), when the sandbox is on and
//           SANDBOX_BANK_URL does not already name where they run
//   server  scripts/serve.ts: Next.js behind our HTTP layer, on PORT (3000)
//   worker  scripts/worker.ts: the sync worker (unless SYNC_IN_APP=0; then run `npm run worker`)
// On SIGINT/SIGTERM it stops them, then the cluster, and exits 0. If one of them dies, it stops the
// rest and exits 1, for a process manager to restart. `npm run dev` does the same with next dev.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { buildIfNeeded } from "./build-if-needed";
import { prepareDatabase } from "./database";
import { startChild, type Child } from "./launch/child";
import { keptSecret, planDemoBanks } from "./launch/demo-banks";
import { freeLoopbackPort } from "./launch/free-port";
import { prepareData } from "./launch/first-run";
import { launchMode, modeEnv, productionSecretProblem } from "./launch/mode";

const BANKS_ENTRY = "sandbox/server.ts";

const dev = process.argv.includes("--dev");
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const port = Number(process.env.PORT ?? 3000);
const appUrl = (process.env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
const mode = launchMode(process.env);

const children: Child[] = [];
let stopDatabase = (): Promise<void> => Promise.resolve();
let stopping = false;

/** Stops the children (each finishes what is in flight), then the cluster, and exits. */
async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((c) => c.stop()));
  await stopDatabase().catch((error: unknown) => console.error("Stopping PostgreSQL failed:", error));
  process.exit(code);
}

/** Starts a child and watches it: if it dies while we are not stopping, everything stops. */
function supervise(child: Child): Promise<void> {
  children.push(child);
  void child.exited.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`The ${child.name} process exited (${signal ?? `code ${code}`}); stopping Ledgerlink.`);
    void stopAll(1);
  });
  return child.ready;
}

async function main(): Promise<void> {
  console.log(`Starting Ledgerlink in ${mode.production ? "production" : "demo"} mode (${mode.reason}).`);
  if (mode.production) {
    const problem = productionSecretProblem(process.env);
    if (problem) {
      console.error(`\nLedgerlink will not start.\n${problem}\n`);
      process.exit(1);
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const authSecret = process.env.AUTH_SECRET ?? keptSecret(dataDir, "auth-secret");

  const db = await prepareDatabase({ dataDir });
  stopDatabase = db.stop;
  const banksDatabaseUrl =
    db.embedded && mode.sandboxBank
      ? (await startEmbeddedPostgres({ dir: path.join(dataDir, "pg"), database: "sandbox_bank" })).url
      : null;
  const banks = mode.sandboxBank
    ? planDemoBanks({ env: process.env, dataDir, appPort: port, sandboxDatabaseUrl: banksDatabaseUrl })
    : null;
  await prepareData({ databaseUrl: db.url, mode, appUrl });
  if (!dev) buildIfNeeded();

  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    SANDBOX_BANK_ENABLED: mode.sandboxBank ? "1" : "0",
    ...modeEnv(mode),
    ...banks?.appEnv,
  };
  const startBanks = banks !== null && !process.env.SANDBOX_BANK_URL && existsSync(BANKS_ENTRY);
  if (startBanks) {
    const env = { ...process.env, DATA_DIR: dataDir, ...banks.banksEnv };
    await supervise(startChild("banks", BANKS_ENTRY, { env, readyBy: { url: `${banks.url}/healthz` } }));
  }
  const args = dev ? ["--dev"] : [];
  const withWorker = process.env.SYNC_IN_APP !== "0" && process.env.SYNC_IN_APP !== "false";
  // The worker serves its metrics on a port of its own, which the server's /api/metrics reads too.
  if (withWorker) appEnv.WORKER_METRICS_PORT = process.env.WORKER_METRICS_PORT ?? String(await freeLoopbackPort());
  await supervise(startChild("server", "scripts/serve.ts", { env: appEnv, args, readyBy: { ipc: true } }));
  if (withWorker) {
    await supervise(startChild("worker", "scripts/worker.ts", { env: appEnv, readyBy: { ipc: true } }));
  }
  console.log(`Ledgerlink is running on ${appUrl}${db.embedded ? " (embedded PostgreSQL)" : ""}`);
  if (startBanks) console.log(`The sandbox banks are on ${banks.url}`);
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));
main().catch((error: unknown) => {
  if (stopping) return;
  console.error(error);
  void stopAll(1);
});
