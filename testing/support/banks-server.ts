// The banks (sandbox/banks.ts: the sandbox bank, the two aggregator fakes and the sandbox company
// registry) in the test's own process, behind a real node:http server on 127.0.0.1, on an origin
// other than the app's — exactly as `npm run banks` serves them, with settings made for the test
// run. One server per test file, shared by whichever banks the file uses (started by the first,
// closed after the last).
//
// Around the banks' handler it records the sandbox bank's calls and hands every API request and
// answer of a fake to that fake's contract checker (testing/support/contract/), when one is set.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import { writeResponseHead } from "@/lib/plumbing/web-bridge";
import { createBanks } from "@/sandbox/banks";
import { CONTROL_HEADER } from "@/sandbox/shared/control-secret";
import { SANDBOX_BANK_PREFIX } from "@/sandbox/shared/prefixes";
import { listenOnLoopback } from "@/testing/support/http-listener";

/** The operator's secret the test banks accept (setup-env.ts puts the same into the environment). */
export const TEST_CONTROL_SECRET = "test-sandbox-control-secret";
export const controlHeaders = { [CONTROL_HEADER]: TEST_CONTROL_SECRET };

/** The application the fake Enable Banking knows in tests: its id and its key pair. */
export const TEST_EB_APP = {
  appId: "4d0b7f2e-1b6e-4a52-9d67-2f0c1f7a9e10",
  ...generateKeyPairSync("rsa", { modulusLength: 2048 }),
};
/** The user secrets the fake GoCardless accepts in tests. */
export const TEST_GC_SECRETS = {
  secretId: randomBytes(8).toString("hex"),
  secretKey: randomBytes(32).toString("base64url"),
};
/** What the sandbox company registry derives its companies from in tests. */
export const TEST_REGISTRY_SEED = "test-sandbox-registry";
/** The sandbox user `slow` approves after this many seconds in tests. */
export const TEST_SLOW_APPROVAL_SECONDS = 1;

export type ContractHooks = {
  request(method: string, url: URL, apiPath: string, headers: Record<string, string>, body: unknown): void;
  response(method: string, apiPath: string, status: number, body: unknown): void;
};

/** A fake's API checked against its specification: requests under `apiPrefix`, paths as the spec has them. */
type Checked = { apiPrefix: string; specPathBase: string; hooks: ContractHooks };

export type BankCall = { method: string; path: string; status: number; psuIp: string | null };

export type BanksServer = {
  origin: string;
  /** The sandbox bank's calls, in order. */
  calls: BankCall[];
  /** Checks a fake's API traffic from now on. */
  check(checked: Checked): void;
};

const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      .on("error", reject);
  });

/** JSON, or the text itself when it is not (a contract then reports it). */
function parsed(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

async function start(): Promise<BanksServer & { close: () => Promise<void> }> {
  const checks: Checked[] = [];
  const calls: BankCall[] = [];
  const server = http.createServer();
  const { origin, close: closeServer } = await listenOnLoopback(server);
  // This worker's bank database (testing/support/setup-env.ts).
  const databaseUrl = process.env.SANDBOX_DATABASE_URL;
  if (!databaseUrl) throw new Error("SANDBOX_DATABASE_URL is not set: the test banks run under Vitest");
  const banks = await createBanks({
    publicUrl: origin,
    databaseUrl,
    controlSecret: TEST_CONTROL_SECRET,
    slowApprovalSeconds: TEST_SLOW_APPROVAL_SECONDS,
    enableBanking: { appId: TEST_EB_APP.appId, publicKey: TEST_EB_APP.publicKey },
    goCardless: TEST_GC_SECRETS,
    registrySeed: TEST_REGISTRY_SEED,
  });
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const method = req.method ?? "GET";
    const text = method === "GET" || method === "HEAD" ? "" : await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && !HOP_BY_HOP.has(k)) headers[k] = v;
    const checked = checks.find((c) => url.pathname.startsWith(`${c.apiPrefix}/`));
    const apiPath = checked ? `${checked.specPathBase}${url.pathname.slice(checked.apiPrefix.length)}` : "";
    checked?.hooks.request(method, url, apiPath, headers, parsed(text));
    const response = await banks.handle(new Request(url, { method, headers, body: text || undefined }));
    const body = await response.text();
    checked?.hooks.response(method, apiPath, response.status, parsed(body) ?? null);
    if (url.pathname.startsWith(`${SANDBOX_BANK_PREFIX}/api/banks/`))
      calls.push({
        method,
        path: url.pathname + url.search,
        status: response.status,
        psuIp: headers["psu-ip-address"] ?? null,
      });
    writeResponseHead(res, response);
    res.end(body);
  };
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  });
  return {
    origin,
    calls,
    check: (c) => void checks.push(c),
    close: async () => {
      await closeServer();
      await banks.close();
    },
  };
}

let running: Promise<BanksServer & { close: () => Promise<void> }> | null = null;
let users = 0;

/** The test process's banks server, started on first use; `release` closes it after its last user. */
export async function useBanksServer(): Promise<BanksServer & { release: () => Promise<void> }> {
  users += 1;
  running ??= start();
  const server = await running;
  let released = false;
  return {
    ...server,
    release: async () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users > 0) return;
      running = null;
      await server.close();
    },
  };
}

/**
 * The banks this process talks to: the test file's own server, else (a benchmark beside `npm start`)
 * the banks process SANDBOX_BANK_URL names, with the operator's secret in SANDBOX_CONTROL_SECRET.
 */
async function banksTarget(): Promise<{ origin: string; controlSecret: string }> {
  if (running) return { origin: (await running).origin, controlSecret: TEST_CONTROL_SECRET };
  const origin = process.env.SANDBOX_BANK_URL;
  if (!origin) throw new Error("No banks server runs: use withSandboxBank() or a fake's, or set SANDBOX_BANK_URL");
  return { origin: origin.replace(/\/$/, ""), controlSecret: process.env.SANDBOX_CONTROL_SECRET ?? "" };
}

export const banksOrigin = async (): Promise<string> => (await banksTarget()).origin;

/** A call to the banks over HTTP, as a TPP, a browser or the operator (`control`) makes it. */
export async function callBanks(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; control?: boolean } = {},
): Promise<Response> {
  const target = await banksTarget();
  const headers = { ...(init.control ? { [CONTROL_HEADER]: target.controlSecret } : {}), ...init.headers };
  return fetch(`${target.origin}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
    redirect: "manual",
  });
}
