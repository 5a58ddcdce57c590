// The sandbox bank's route handlers behind a real HTTP server on 127.0.0.1, so our NextGenPSD2
// client reaches it over HTTP in integration tests exactly as it would a bank.
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
import { stopBoss } from "@/lib/sync/queue";
import { resetBankClock } from "@/lib/testing/bank-flow";

type Module = Partial<Record<"GET" | "POST" | "DELETE", unknown>>;
const ROUTES: [RegExp, string[], Module][] = [
  [/^\/sandbox-bank\/api\/directory$/, [], directory],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/consents$/, ["bankId"], consents],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/consents\/([^/]+)$/, ["bankId", "consentId"], consent],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/consents\/([^/]+)\/status$/, ["bankId", "consentId"], consentStatus],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/accounts$/, ["bankId"], accounts],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/accounts\/([^/]+)$/, ["bankId", "accountId"], account],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/accounts\/([^/]+)\/balances$/, ["bankId", "accountId"], balances],
  [/^\/sandbox-bank\/api\/banks\/([^/]+)\/v1\/accounts\/([^/]+)\/transactions$/, ["bankId", "accountId"], transactions],
];

export type SandboxServer = { origin: string; calls: { method: string; path: string; status: number; psuIp: string | null }[]; close: () => Promise<void> };

/** Starts the server and points the "sandbox" integration at it. */
export async function startSandboxServer(): Promise<SandboxServer> {
  const calls: SandboxServer["calls"] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = ROUTES.map(([re, names, mod]) => ({ m: re.exec(url.pathname), names, mod })).find((r) => r.m);
    const handler = match?.mod[(req.method ?? "GET") as "GET"] as Handler | undefined;
    if (!match?.m || !handler) {
      res.writeHead(404).end();
      return;
    }
    const params = Object.fromEntries(match.names.map((n, i) => [n, decodeURIComponent(match.m?.[i + 1] ?? "")]));
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const request = new Request(`${origin}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined,
    });
    const response = await handler(request, { params: Promise.resolve(params) });
    calls.push({ method: req.method ?? "GET", path: url.pathname + url.search, status: response.status, psuIp: req.headers["psu-ip-address"]?.toString() ?? null });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setIntegrationForTests(
    SANDBOX_INTEGRATION,
    createNextGenPsd2Integration({ name: SANDBOX_INTEGRATION, directory: httpDirectory({ url: `${origin}/sandbox-bank/api/directory`, integrationName: SANDBOX_INTEGRATION }) }),
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
