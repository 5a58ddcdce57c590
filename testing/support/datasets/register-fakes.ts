// For a test file: a company register's fake on the test process's banks server (banks-server.ts),
// its API traffic checked against the register's definitions (testing/support/contract/), its fault
// controls (sandbox/registers/shared/faults.ts) at hand, and reset after each test.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { configuredProviders } from "@/lib/datasets/providers";
import { providerErrorOf } from "@/lib/provider-errors";
import { registerCalls, registerControl, type RegisterMode } from "@/testing/support/datasets/register-fake";
import { useBanksServer, type ContractHooks } from "@/testing/support/banks-server";

/** Requests below `apiPrefix` checked as the definition's paths below `specPathBase`. */
type Checked = { apiPrefix: string; specPathBase: string; hooks: ContractHooks };

/** The fake's controls sit below its prefix too, but are the operator's, not the register's API. */
const apiOnly = (hooks: ContractHooks): ContractHooks => ({
  request: (method, url, apiPath, headers, body) => {
    if (!url.pathname.includes("/_control/")) hooks.request(method, url, apiPath, headers, body);
  },
  response: (method, apiPath, status, body) => {
    if (!apiPath.startsWith("/_control/")) hooks.response(method, apiPath, status, body);
  },
});

export function withRegisterFake(prefix: string, checked: (Omit<Checked, "apiPrefix"> & { under?: string })[]) {
  const handle = { baseUrl: "" };
  let release = (): Promise<void> => Promise.resolve();
  beforeAll(async () => {
    const server = await useBanksServer();
    release = server.release;
    for (const c of checked)
      server.check({ apiPrefix: `${prefix}${c.under ?? ""}`, specPathBase: c.specPathBase, hooks: apiOnly(c.hooks) });
    handle.baseUrl = `${server.origin}${prefix}`;
  });
  afterEach(() => registerControls(prefix).reset());
  afterAll(() => release());
  return handle;
}

/** The fake's fault controls, through the one control client (register-fake.ts). */
export function registerControls(prefix: string) {
  return {
    mode: async (body: { mode: RegisterMode; retryAfterSeconds?: number; delayMs?: number }) => {
      await registerControl(prefix, "mode", body);
    },
    reset: async () => {
      await registerControl(prefix, "reset");
    },
    calls: () => registerCalls(prefix),
  };
}

/** The provider error a call ends in (null when it succeeds). */
export const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => providerErrorOf(error),
  );

/** The line CI counts, and the assertion that the register's contract held. */
export function reportContract(name: string, stats: { requests: number; responses: number; violations: string[] }) {
  const { requests, responses, violations } = stats;
  console.log(
    `${name} contract: ${requests} requests and ${responses} responses validated, ${violations.length} violations`,
  );
  expect(violations).toEqual([]);
  expect(requests).toBeGreaterThan(0);
  expect(responses).toBe(requests);
}

/**
 * A real register's provider is off under NODE_ENV=test until its base-URL `setting` names one (so no
 * test reaches the internet), and on with it: asserted, the setting put back after.
 */
export function expectOffUntilConfigured(setting: string, providerId: string, baseUrl: string, country: string) {
  const before = process.env[setting];
  const provider = () => configuredProviders().find((p) => p.id === providerId);
  try {
    delete process.env[setting];
    expect(provider()?.isEnabled).toBe(false);
    process.env[setting] = baseUrl;
    expect(provider()).toMatchObject({ isEnabled: true, countries: [country] });
  } finally {
    if (before === undefined) delete process.env[setting];
    else process.env[setting] = before;
  }
}
