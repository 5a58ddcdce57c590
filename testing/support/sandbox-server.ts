// The sandbox bank for integration tests: served by the test's banks server (banks-server.ts) on an
// origin of its own, so our NextGenPSD2 client reaches it over HTTP exactly as it would a bank, with
// the "sandbox" integration reading its directory there.
import { setIntegrationForTests, SANDBOX_INTEGRATION } from "@/lib/banking/registry";
import { httpDirectory } from "@/lib/banking/nextgenpsd2/directory";
import { createNextGenPsd2Integration } from "@/lib/banking/nextgenpsd2/provider";
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { resetBankClock } from "@/testing/support/bank-flow";
import type { BanksServer } from "@/testing/support/banks-server";

/** Points the "sandbox" integration at the banks' origin. */
export function registerSandboxIntegration(server: Pick<BanksServer, "origin">): Record<string, never> {
  setIntegrationForTests(
    SANDBOX_INTEGRATION,
    createNextGenPsd2Integration({
      name: SANDBOX_INTEGRATION,
      directory: httpDirectory({
        url: `${server.origin}/sandbox-bank/api/directory`,
        integrationName: SANDBOX_INTEGRATION,
      }),
    }),
  );
  return {};
}

/** For a test file: the sandbox bank over HTTP (testing/support/bank-for-tests.ts). */
export const withSandboxBank = () =>
  bankForTestFile({
    integration: SANDBOX_INTEGRATION,
    register: registerSandboxIntegration,
    resetClock: resetBankClock,
  });
