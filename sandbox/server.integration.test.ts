// `npm run banks` (sandbox/server.ts) as the launcher starts it: its one line once listening, GET
// /healthz, the sandbox registry's companies from SANDBOX_REGISTRY_SEED, absolute URLs from
// SANDBOX_BANK_URL, every control refused without a control secret, the fakes' APIs refused without
// their configuration and open with it, its storage in SANDBOX_DATABASE_URL or in the embedded
// cluster under DATA_DIR, and SIGTERM → everything closed, exit 0.
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { sandboxCompany } from "@/sandbox/registry/companies";
import { startScript } from "@/testing/support/script-process";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment a launcher would pass, minus anything of this test process's (its own banks' too). */
function banksEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const {
    SANDBOX_DATABASE_URL: _db,
    SANDBOX_CONTROL_SECRET: _secret,
    SANDBOX_BANK_URL: _url,
    SANDBOX_BANK_ENABLED: _enabled,
    ...rest
  } = process.env;
  return { ...rest, LOG_LEVEL: "warn", ...extra };
}

/** A JWT as an Enable Banking application with the id `kid` signs it for the API (the fake's too). */
const enableBankingJwt = (privateKey: KeyObject, kid: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid })
    .setIssuer("enablebanking.com")
    .setAudience("api.enablebanking.com")
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(privateKey);

/** The Enable Banking fake's list of banks at `url`, asked for with `jwt`. */
const aspsps = (url: string, jwt: string) => fetch(url, { headers: { authorization: `Bearer ${jwt}` } });

/** A GoCardless access token asked of the fake with a secret pair. */
const gocardlessToken = (origin: string, secretId: string, secretKey: string) =>
  fetch(`${origin}/gocardless-fake/api/v2/token/new/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ secret_id: secretId, secret_key: secretKey }),
  });

const CONTROLS = [
  "/sandbox-bank/api/controls/clock/reset",
  "/enablebanking-fake/controls/clock/reset",
  "/gocardless-fake/controls/clock/reset",
];

describe("npm run banks", () => {
  it("serves on BANKS_PORT, says so once, advertises SANDBOX_BANK_URL, refuses what is not configured, exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const banks = startScript(
      "banks",
      banksEnv({
        BANKS_PORT: String(port),
        SANDBOX_BANK_URL: "http://banks.example.test:8443",
        SANDBOX_DATABASE_URL: process.env.SANDBOX_DATABASE_URL ?? "",
        SANDBOX_REGISTRY_SEED: "server-test-seed",
      }),
    );
    try {
      await banks.ready;
      expect(banks.output()).toBe("Banks running on http://banks.example.test:8443\n");
      const origin = `http://127.0.0.1:${port}`;
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      // The sandbox company registry, its companies made from SANDBOX_REGISTRY_SEED.
      const registry = await fetch(`${origin}/sandbox-registry/api/companies?country=NL&number=34567890`);
      expect(await registry.json()).toEqual({
        company: sandboxCompany({ country: "NL", number: "34567890" }, "server-test-seed"),
      });
      const directory = (await (await fetch(`${origin}/sandbox-bank/api/directory?country=NL`)).json()) as {
        banks: { baseUrl: string }[];
      };
      expect(directory.banks[0].baseUrl).toBe("http://banks.example.test:8443/sandbox-bank/api/banks/sbx-nl-01");
      // No control secret: no control for anyone, whatever they send.
      for (const control of CONTROLS) {
        for (const headers of [{}, { "x-sandbox-control": "" }, { "x-sandbox-control": "guess" }] as Record<
          string,
          string
        >[]) {
          const res = await fetch(`${origin}${control}`, { method: "POST", headers });
          expect(res.status, `${control} ${JSON.stringify(headers)}`).toBe(401);
        }
      }
      // No Enable Banking application, no GoCardless secrets: their APIs let nobody in.
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const jwt = await enableBankingJwt(privateKey, "some-app");
      expect((await aspsps(`${origin}/enablebanking-fake/api/aspsps`, jwt)).status).toBe(401);
      expect((await gocardlessToken(origin, "", "")).status).toBe(401);
    } finally {
      expect(await banks.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    }
  });

  it("starts the embedded cluster under DATA_DIR when SANDBOX_DATABASE_URL is unset, opens the fakes it is given, and stops it all on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "ledgerlink-banks-"));
    // PostgreSQL runs as its own user (we may be root): it must reach the cluster below this folder.
    chmodSync(dataDir, 0o755);
    try {
      const port = await freePort();
      const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const keyFile = path.join(dataDir, "app-key.pub.pem");
      writeFileSync(keyFile, publicKey.export({ type: "spki", format: "pem" }));
      const banks = startScript(
        "banks",
        banksEnv({
          PORT: String(port - 1),
          DATA_DIR: dataDir,
          SANDBOX_CONTROL_SECRET: "the-operators-secret",
          ENABLE_BANKING_FAKE_APP_ID: "ledgerlink-local-fake",
          ENABLE_BANKING_FAKE_PUBLIC_KEY_FILE: keyFile,
          GOCARDLESS_FAKE_SECRET_ID: "gc-id",
          GOCARDLESS_FAKE_SECRET_KEY: "gc-key",
        }),
      );
      try {
        await banks.ready;
        // BANKS_PORT unset: PORT + 1, and the public origin is the loopback one.
        const origin = `http://127.0.0.1:${port}`;
        expect(banks.output()).toBe(`Banks running on ${origin}\n`);
        const control = await fetch(`${origin}/sandbox-bank/api/controls/clock`, {
          headers: { "x-sandbox-control": "the-operators-secret" },
        });
        expect(control.status).toBe(200);
        const jwt = await enableBankingJwt(privateKey, "ledgerlink-local-fake");
        expect((await aspsps(`${origin}/enablebanking-fake/api/aspsps?country=FI`, jwt)).status).toBe(200);
        expect((await gocardlessToken(origin, "gc-id", "gc-key")).status).toBe(200);
        expect(existsSync(path.join(dataDir, "pg", "cluster", "postmaster.pid"))).toBe(true);
      } finally {
        expect(await banks.stop("SIGTERM")).toEqual({ code: 0, signal: null });
      }
      expect(existsSync(path.join(dataDir, "pg", "cluster", "postmaster.pid"))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
