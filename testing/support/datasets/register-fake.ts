// For a test file: a company register's fake in the test's banks server (banks-server.ts), its API
// traffic checked against the register's own definition (testing/support/contract/), its fault
// controls reset before and after the file, and the provider's base URL at the fake.
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { callBanks, type ContractHooks } from "@/testing/support/banks-server";
import type { ContractStats } from "@/testing/support/contract/openapi";

export type RegisterMode = "normal" | "unavailable" | "rate_limited" | "empty";

/** The operator's control of the fake at `prefix` (sandbox/registers/shared/faults.ts). */
export async function registerControl(
  prefix: string,
  what: "mode" | "reset" | "calls",
  body?: { mode: RegisterMode; retryAfterSeconds?: number; delayMs?: number },
): Promise<Record<string, unknown>> {
  const response = await callBanks(`${prefix}/_control/${what}`, {
    method: what === "calls" ? "GET" : "POST",
    control: true,
    headers: { "content-type": "application/json" },
    body: what === "calls" ? undefined : JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${prefix} control ${what} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

export const registerCalls = async (prefix: string) => Number((await registerControl(prefix, "calls")).calls);

export function registerFakeForTestFile(fake: {
  prefix: string;
  /** Where the definition's paths start below the prefix ("" for Companies House, "/api/v1" for GLEIF). */
  apiBase: string;
  specPathBase: string;
  contract: () => ContractHooks & { stats: ContractStats };
}) {
  return bankForTestFile({
    prepare: (server) => {
      const contract = fake.contract();
      // The fault controls sit below the prefix too, but are the sandbox's, not the register's.
      const control = (apiPath: string) => apiPath.startsWith(`${fake.specPathBase}/_control/`);
      const hooks: ContractHooks = {
        request: (method, url, apiPath, headers, body) =>
          control(apiPath) || contract.request(method, url, apiPath, headers, body),
        response: (method, apiPath, status, body) =>
          control(apiPath) || contract.response(method, apiPath, status, body),
      };
      server.check({ apiPrefix: `${fake.prefix}${fake.apiBase}`, specPathBase: fake.specPathBase, hooks });
      return { contract: contract.stats, baseUrl: `${server.origin}${fake.prefix}${fake.apiBase}` };
    },
    resetClock: () => registerControl(fake.prefix, "reset"),
  });
}
