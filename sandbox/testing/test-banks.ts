// The banks for the sandbox's own tests: one instance per test file, in the test's process, called
// with web Requests exactly as sandbox/server.ts's listener calls it (no socket needed). Its database
// is the test run's sandbox database (testing/support/global-setup.ts); it is closed after the file.
import { generateKeyPairSync } from "node:crypto";
import { createBanks, type Banks } from "@/sandbox/banks";
import { CONTROL_HEADER } from "@/sandbox/shared/control-secret";
import { atFileEnd } from "@/testing/support/file-teardown";

/** The banks' public origin in these tests (absolute URLs they hand out start with it). */
export const TEST_BANKS_ORIGIN = "http://banks.test:4001";
export const TEST_CONTROL_SECRET = "sandbox-test-control-secret";
export const CONTROL = { [CONTROL_HEADER]: TEST_CONTROL_SECRET };
export const TEST_SLOW_APPROVAL_SECONDS = 1;
export const TEST_EB_APP = { appId: "sandbox-test-app", ...generateKeyPairSync("rsa", { modulusLength: 2048 }) };
export const TEST_GC_SECRETS = { secretId: "sandbox-test-id", secretKey: "sandbox-test-key" };
export const TEST_REGISTRY_SEED = "sandbox-test-registry";

let banks: Promise<Banks> | null = null;

function testBanks(): Promise<Banks> {
  if (banks) return banks;
  // Closed after the file that opened them: the next file opens its own.
  atFileEnd(async () => {
    const opened = banks;
    banks = null;
    if (opened) await (await opened).close();
  });
  banks = createBanks({
    publicUrl: TEST_BANKS_ORIGIN,
    databaseUrl: process.env.SANDBOX_DATABASE_URL ?? "",
    controlSecret: TEST_CONTROL_SECRET,
    slowApprovalSeconds: TEST_SLOW_APPROVAL_SECONDS,
    enableBanking: { appId: TEST_EB_APP.appId, publicKey: TEST_EB_APP.publicKey },
    goCardless: TEST_GC_SECRETS,
    registrySeed: TEST_REGISTRY_SEED,
  });
  return banks;
}

export type Json = Record<string, unknown>;
export type BankAnswer<T = Json> = { status: number; headers: Headers; text: string; json: T };

export type BankRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** JSON body (sets content-type). */
  body?: unknown;
  /** A body sent as is (a form). */
  rawBody?: string;
  query?: string;
};

/** One request to the banks at `path` (below their origin); the answer read whole. */
export async function bankRequest<T = Json>(path: string, request: BankRequest = {}): Promise<BankAnswer<T>> {
  const headers: Record<string, string> = { ...request.headers };
  let body: string | undefined = request.rawBody;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers["content-type"] ??= "application/json";
  }
  const url = `${TEST_BANKS_ORIGIN}${path}${request.query ? `?${request.query}` : ""}`;
  const response = await (
    await testBanks()
  ).handle(new Request(url, { method: request.method ?? "GET", headers, body }));
  const text = await response.text();
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: (isJson && text ? JSON.parse(text) : {}) as T,
  };
}

/** A control of the sandbox bank (`/sandbox-bank/api/controls/{path}`), as its operator calls it. */
export const control = <T = Json>(method: "GET" | "POST", path: string, request: BankRequest = {}) =>
  bankRequest<T>(`/sandbox-bank/api/controls/${path}`, {
    ...request,
    method,
    headers: { ...CONTROL, ...request.headers },
  });
