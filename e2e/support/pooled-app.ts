// The main e2e server (the API and browser projects' flows) behind a transaction pooler, as an operator
// runs Ledgerlink on a managed PostgreSQL: DATABASE_URL is PgBouncer in transaction mode (Debian's
// package, testing/support/pgbouncer.ts) and DATABASE_DIRECT_URL the server, for what needs a session
// (migrations, the principal cache's LISTEN, the repair pass's lock). The cluster is the embedded one
// under DATA_DIR, started here rather than by the launcher, which then runs `npm start` as shipped
// (scripts/start.ts) against the URLs it is given. Every flow spec thus runs through the pooler.
// DATABASE_URL set makes it a production start, as an operator's is: the demo's data, banks and open
// sign-up are asked for by name, and link mails go by SMTP to a local sink.
//
// Run by playwright.config.ts as the main web server's command. SIGINT/SIGTERM stop the launcher (its
// children finish what is in flight), then the pooler, then the clusters.
import { spawn } from "node:child_process";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { startPgBouncer } from "@/testing/support/pgbouncer";
import { startSmtpSink } from "@/testing/support/smtp-sink";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data/e2e");

async function main() {
  const app = await startEmbeddedPostgres({ dir: path.join(dataDir, "pg"), database: "ledgerlink" });
  // The sandbox bank's own database, where the launcher would have put it (it does so only for a
  // cluster it started itself).
  const bank = await startEmbeddedPostgres({ dir: path.join(dataDir, "pg"), database: "sandbox_bank" });
  const pooler = await startPgBouncer(app.url, path.join(dataDir, "pgbouncer"));
  // A production start keeps no dev mailbox: its link mails go out by SMTP, to a sink a spec reads.
  const mail = await startSmtpSink(path.join(dataDir, "mail", "received.jsonl"));
  const launcher = spawn(process.execPath, ["scripts/run.mjs", "start"], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: pooler.pooledUrl,
      DATABASE_DIRECT_URL: app.url,
      SANDBOX_DATABASE_URL: bank.url,
      // DATABASE_URL set makes it a production start (scripts/launch/mode.ts): with the demo's data,
      // banks and open sign-up asked for, and a secret of the test's own.
      AUTH_SECRET: "e2e-behind-the-pooler-secret-0123456789",
      DEMO_DATA: "1",
      SANDBOX_BANK_ENABLED: "1",
      SIGNUP: "open",
      SMTP_URL: mail.url,
    },
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    if (launcher.exitCode === null) launcher.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const code = await new Promise<number>((resolve) => launcher.once("exit", (c) => resolve(c ?? 1)));
  await pooler.stop();
  await mail.stop();
  await bank.stop();
  await app.stop();
  process.exit(stopping ? 0 : code);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
