// The sandbox bank's route handlers behind a real HTTP server on 127.0.0.1, so our NextGenPSD2
// client reaches it over HTTP in integration tests exactly as it would a bank (routing and the
// Node ↔ web adapters: testing/support/route-server.ts).
import http from "node:http";
import * as balances from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/balances/route";
import * as account from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/route";
import * as transactions from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/transactions/route";
import * as accounts from "@/app/sandbox-bank/api/banks/[bankId]/v1/accounts/route";
import * as consent from "@/app/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/route";
import * as consentStatus from "@/app/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/status/route";
import * as consents from "@/app/sandbox-bank/api/banks/[bankId]/v1/consents/route";
import * as directory from "@/app/sandbox-bank/api/directory/route";
import { setIntegrationForTests, SANDBOX_INTEGRATION } from "@/lib/banking/registry";
import { httpDirectory } from "@/lib/banking/nextgenpsd2/directory";
import { createNextGenPsd2Integration } from "@/lib/banking/nextgenpsd2/provider";
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { asyncListener, listenOnLoopback } from "@/testing/support/http-listener";
import { resetBankClock } from "@/testing/support/bank-flow";
import { routeListener, type RouteModule } from "@/testing/support/route-server";

// Keyed by app path, as Next's build knows them.
const MODULES: Record<string, RouteModule> = {
  "/sandbox-bank/api/directory/route": directory,
  "/sandbox-bank/api/banks/[bankId]/v1/consents/route": consents,
  "/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/route": consent,
  "/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/status/route": consentStatus,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/route": accounts,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/route": account,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/balances/route": balances,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/transactions/route": transactions,
};
const serve = routeListener(MODULES);

export type SandboxServer = {
  origin: string;
  calls: { method: string; path: string; status: number; psuIp: string | null }[];
  close: () => Promise<void>;
};

/** Starts the server and points the "sandbox" integration at it. */
export async function startSandboxServer(): Promise<SandboxServer> {
  const calls: SandboxServer["calls"] = [];
  const server = http.createServer(
    asyncListener(async (req, res) => {
      const status = await serve(req, res);
      if (status === null) res.writeHead(404).end();
      else {
        calls.push({
          method: req.method ?? "GET",
          path: req.url ?? "/",
          status,
          psuIp: req.headers["psu-ip-address"]?.toString() ?? null,
        });
      }
    }),
  );
  const { origin, close } = await listenOnLoopback(server);
  setIntegrationForTests(
    SANDBOX_INTEGRATION,
    createNextGenPsd2Integration({
      name: SANDBOX_INTEGRATION,
      directory: httpDirectory({ url: `${origin}/sandbox-bank/api/directory`, integrationName: SANDBOX_INTEGRATION }),
    }),
  );
  return { origin, calls, close };
}

/** For a test file: the sandbox bank over HTTP (testing/support/bank-for-tests.ts). */
export const withSandboxBank = () =>
  bankForTestFile({ integration: SANDBOX_INTEGRATION, start: startSandboxServer, resetClock: resetBankClock });
