// The sandbox bank's route handlers behind a real HTTP server on 127.0.0.1, so our NextGenPSD2
// client reaches it over HTTP in integration tests exactly as it would a bank. Routing and the
// Node ↔ web Request/Response adapters are the server's own (lib/server/direct-api.ts).
import http from "node:http";
import { afterAll, beforeAll } from "vitest";
import type { AddressInfo } from "node:net";
import type { Handler } from "@/lib/api/route";
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
import { compileRoutes, matchRoute } from "@/lib/server/direct-api";
import { toWebRequest, writeWebResponse } from "@/lib/server/web-io";
import { stopBoss } from "@/lib/sync/queue";
import { resetBankClock } from "@/lib/testing/bank-flow";
import { asyncListener } from "@/lib/testing/http-listener";

type Module = Partial<Record<"GET" | "POST" | "DELETE", unknown>>;
const PREFIX = "/sandbox-bank/api/";
// Keyed as Next's app-paths manifest is, so the direct lane's matcher (Next's precedence) routes them.
const MODULES: Record<string, Module> = {
  "/sandbox-bank/api/directory/route": directory,
  "/sandbox-bank/api/banks/[bankId]/v1/consents/route": consents,
  "/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/route": consent,
  "/sandbox-bank/api/banks/[bankId]/v1/consents/[consentId]/status/route": consentStatus,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/route": accounts,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/route": account,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/balances/route": balances,
  "/sandbox-bank/api/banks/[bankId]/v1/accounts/[accountId]/transactions/route": transactions,
};
const ROUTES = compileRoutes(Object.fromEntries(Object.keys(MODULES).map((pattern) => [pattern, pattern])), PREFIX);

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
      const method = req.method ?? "GET";
      const url = new URL(req.url ?? "/", origin);
      const match = matchRoute(ROUTES, url.pathname, PREFIX);
      const handler = match ? (MODULES[match.route.pattern][method as "GET"] as Handler | undefined) : undefined;
      if (!match || !handler) {
        res.writeHead(404).end();
        return;
      }
      const response = await handler(toWebRequest(req, url), { params: Promise.resolve(match.params) });
      calls.push({
        method,
        path: url.pathname + url.search,
        status: response.status,
        psuIp: req.headers["psu-ip-address"]?.toString() ?? null,
      });
      await writeWebResponse(res, response, method, req.headers["accept-encoding"]);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setIntegrationForTests(
    SANDBOX_INTEGRATION,
    createNextGenPsd2Integration({
      name: SANDBOX_INTEGRATION,
      directory: httpDirectory({ url: `${origin}/sandbox-bank/api/directory`, integrationName: SANDBOX_INTEGRATION }),
    }),
  );
  return { origin, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * For a test file: the sandbox bank over HTTP with its clock reset, before all tests; after all,
 * the clock reset again, the job queue stopped and the server closed. Returns the server's handle
 * (filled in once beforeAll ran).
 */
export function withSandboxBank(): { server: SandboxServer } {
  const bank = {} as { server: SandboxServer };
  beforeAll(async () => {
    bank.server = await startSandboxServer();
    await resetBankClock();
  });
  afterAll(async () => {
    await resetBankClock();
    await stopBoss();
    await bank.server.close();
  });
  return bank;
}
