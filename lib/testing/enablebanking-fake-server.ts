// The fake Enable Banking behind a real HTTP server on 127.0.0.1, with the "enablebanking"
// integration pointed at it and signing with a key made for the test run. Every request that
// reaches the API and every answer it gives is validated against the shared OpenAPI file.
import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { ENABLE_BANKING_INTEGRATION, setIntegrationForTests } from "@/lib/banking/registry";
import { createEnableBankingIntegration } from "@/lib/banking/enablebanking/provider";
import { handleFake } from "@/lib/enablebanking-fake/server";
import { resetClock, store } from "@/lib/enablebanking-fake/state";
import { createContract, type ContractStats } from "@/lib/enablebanking-fake/testing/contract";
import { stopBoss } from "@/lib/sync/queue";
import { asyncListener } from "@/lib/testing/http-listener";

export const FAKE_PREFIX = "/enablebanking-fake";
const API = `${FAKE_PREFIX}/api`;
export const TEST_APP_ID = "4d0b7f2e-1b6e-4a52-9d67-2f0c1f7a9e10";

const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

export type EnableBankingFake = { origin: string; contract: ContractStats; close: () => Promise<void> };

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      .on("error", reject);
  });

export async function startEnableBankingFake(): Promise<EnableBankingFake> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const contract = createContract();
  const server = http.createServer(
    asyncListener(async (req, res) => {
      const url = new URL(req.url ?? "/", origin);
      const method = req.method ?? "GET";
      const text = method === "GET" || method === "DELETE" ? "" : await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && !HOP_BY_HOP.has(k)) headers[k] = v;
      const isApi = url.pathname.startsWith(`${API}/`);
      const apiPath = url.pathname.slice(API.length);
      if (isApi) contract.request(method, url, apiPath, headers, text ? (JSON.parse(text) as unknown) : undefined);
      const response = await handleFake(new Request(url, { method, headers, body: text || undefined }), {
        prefix: FAKE_PREFIX,
        publicKey,
        appId: TEST_APP_ID,
      });
      const body = await response.text();
      if (isApi) contract.response(method, apiPath, response.status, body ? (JSON.parse(body) as unknown) : null);
      res.writeHead(response.status, Object.fromEntries(response.headers.entries())).end(body);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setIntegrationForTests(
    ENABLE_BANKING_INTEGRATION,
    createEnableBankingIntegration({
      name: ENABLE_BANKING_INTEGRATION,
      apiUrl: `${origin}${API}`,
      appId: TEST_APP_ID,
      privateKey,
    }),
  );
  return {
    origin,
    contract: contract.stats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** For a test file: the fake with its clock reset before all tests; after all, closed and unregistered. */
export function withEnableBankingFake(): { fake: EnableBankingFake } {
  const holder = {} as { fake: EnableBankingFake };
  beforeAll(async () => {
    holder.fake = await startEnableBankingFake();
    resetClock();
  });
  afterAll(async () => {
    resetClock();
    await stopBoss();
    setIntegrationForTests(ENABLE_BANKING_INTEGRATION, null);
    await holder.fake.close();
  });
  return holder;
}

export const fakeCalls = () => store().calls;
