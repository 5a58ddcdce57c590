// `npm run banks`: the sandbox bank, the Enable Banking and GoCardless fakes and the sandbox company
// registry as a process of their own, on their own origin (sandbox/banks.ts routes by path).
// Configuration (sandbox/config.ts): BANKS_PORT (PORT + 1), BANKS_HOST (127.0.0.1), SANDBOX_BANK_URL
// (its public origin), SANDBOX_CONTROL_SECRET, SANDBOX_DATABASE_URL (else database `sandbox_bank` in
// the embedded cluster under DATA_DIR/pg, started or shared), ENABLE_BANKING_FAKE_APP_ID +
// ENABLE_BANKING_FAKE_PUBLIC_KEY_FILE, GOCARDLESS_FAKE_SECRET_ID + GOCARDLESS_FAKE_SECRET_KEY,
// SANDBOX_SLOW_APPROVAL_SECONDS, SANDBOX_REGISTRY_SEED, LOG_LEVEL.
// Prints one line `Banks running on <origin>` once listening; SIGTERM/SIGINT close the server, the
// pool and a cluster it started, then exit 0.
import http from "node:http";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { runUntilSignal } from "@/lib/plumbing/run-until-signal";
import { createBanks } from "@/sandbox/banks";
import { banksConfig } from "@/sandbox/config";
import { log } from "@/sandbox/shared/log";
import { webListener } from "@/sandbox/shared/node-http";

async function main(): Promise<() => Promise<void>> {
  const config = banksConfig();
  const cluster = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dir: path.join(config.dataDir, "pg"), database: "sandbox_bank" });
  try {
    const banks = await createBanks({
      publicUrl: config.publicUrl,
      databaseUrl: config.databaseUrl ?? cluster?.url ?? "",
      controlSecret: config.controlSecret,
      slowApprovalSeconds: config.slowApprovalSeconds,
      enableBanking: config.enableBanking,
      goCardless: config.goCardless,
      registrySeed: config.registrySeed,
      companiesHouseKey: config.companiesHouseKey,
    });
    const server = http.createServer(
      webListener(
        () => config.publicUrl,
        banks.handle,
        (error, req) => log.error("banks request failed", { path: req.url, error }),
      ),
    );
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, resolve);
    });
    console.log(`Banks running on ${config.publicUrl}`);
    return async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await banks.close().catch((error: unknown) => log.warn("banks: closing the pool failed", { error }));
      await cluster?.stop();
    };
  } catch (error) {
    await cluster?.stop().catch(() => undefined);
    throw error;
  }
}

runUntilSignal(main);
