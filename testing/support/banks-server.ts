// The banks (sandbox/banks.ts: the sandbox bank, the two aggregator fakes and the sandbox company
// registry) in the test's own process, behind a real node:http server on 127.0.0.1, on an origin
// other than the app's — exactly as `npm run banks` serves them, with the settings the demo's
// launcher would give them (test-banks-env.ts). The port is this process's from before the tests
// load (banks-listener.ts), so the app is configured with it as with any bank; the banks start with
// the first test that uses them and close after the last.
//
// Around the banks' handler it records the sandbox bank's calls and hands every API request and
// answer of a fake to that fake's contract checker (testing/support/contract/), when one is set.
import http from "node:http";
import { writeResponseHead } from "@/lib/plumbing/web-bridge";
import { createBanks } from "@/sandbox/banks";
import { CONTROL_HEADER } from "@/sandbox/shared/control-secret";
import { SANDBOX_BANK_PREFIX } from "@/sandbox/shared/prefixes";
import { asyncListener } from "@/testing/support/http-listener";
import { banksListener, reservedBanksOrigin } from "@/testing/support/banks-listener";
import { TEST_CONTROL_SECRET, testBanksConfig } from "@/testing/support/test-banks-env";

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
  const listener = banksListener();
  const { origin } = listener;
  const config = testBanksConfig();
  // This worker's bank database (testing/support/setup-env.ts).
  if (!config.databaseUrl) throw new Error("SANDBOX_DATABASE_URL is not set: the test banks run under Vitest");
  const banks = await createBanks({ ...config, databaseUrl: config.databaseUrl });
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
  listener.serve(asyncListener(serve));
  return {
    origin,
    calls,
    check: (c) => void checks.push(c),
    close: async () => {
      listener.serve(null);
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
  // Under Vitest SANDBOX_BANK_URL names this process's own banks, which are not running.
  if (!origin || origin === reservedBanksOrigin())
    throw new Error("No banks server runs: use withSandboxBank() or a fake's, or set SANDBOX_BANK_URL");
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
