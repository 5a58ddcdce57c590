// The fake GoCardless for integration tests: served by the test's banks server (banks-server.ts),
// the "gocardless" integration pointed at it with the test run's secrets. Every request that reaches
// its API and every answer it gives is validated against the shared swagger.json.
import { GOCARDLESS_INTEGRATION, setIntegrationForTests } from "@/lib/banking/registry";
import { createGoCardlessIntegration } from "@/lib/banking/gocardless/provider";
import { gcStore, resetGcClock } from "@/sandbox/gocardless/state";
import { GC_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { createGoCardlessContract } from "@/testing/support/contract/gocardless";
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { TEST_GC_SECRETS, type BanksServer } from "@/testing/support/banks-server";

function registerGoCardless(server: BanksServer, windowDays?: number) {
  const contract = createGoCardlessContract();
  // swagger.json's paths start with /api (/api/v2/…).
  server.check({ apiPrefix: `${GC_FAKE_PREFIX}/api`, specPathBase: "/api", hooks: contract });
  setIntegrationForTests(
    GOCARDLESS_INTEGRATION,
    createGoCardlessIntegration({
      name: GOCARDLESS_INTEGRATION,
      apiUrl: `${server.origin}${GC_FAKE_PREFIX}`,
      ...TEST_GC_SECRETS,
      windowDays,
    }),
  );
  return { contract: contract.stats };
}

/** For a test file: the fake over HTTP (testing/support/bank-for-tests.ts). */
export const withGoCardlessFake = (options: { windowDays?: number } = {}) =>
  bankForTestFile({
    integration: GOCARDLESS_INTEGRATION,
    register: (server) => registerGoCardless(server, options.windowDays),
    resetClock: resetGcClock,
  });

/** The fake's answered API calls (it runs in this process). */
export const gcFakeCalls = () => gcStore().calls;
