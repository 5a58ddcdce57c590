// The fake GoCardless for integration tests: served by the test's banks server (banks-server.ts), the
// "gocardless" integration configured for it as the demo configures it (a test file asks with
// useAggregatorFakes("gocardless"), test-banks-env.ts). Every request that reaches its API and every
// answer it gives is validated against the shared swagger.json.
import { gcStore, resetGcClock } from "@/sandbox/gocardless/state";
import { GC_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { createGoCardlessContract } from "@/testing/support/contract/gocardless";
import { aggregatorFakeForTestFile } from "@/testing/support/bank-for-tests";

/** For a test file: the fake over HTTP (testing/support/bank-for-tests.ts). swagger.json's paths start with /api (/api/v2/…). */
export const withGoCardlessFake = () =>
  aggregatorFakeForTestFile({
    integration: "gocardless",
    checked: { apiPrefix: `${GC_FAKE_PREFIX}/api`, specPathBase: "/api" },
    contract: createGoCardlessContract,
    resetClock: resetGcClock,
  });

/** The fake's answered API calls (it runs in this process). */
export const gcFakeCalls = () => gcStore().calls;
