// The fake Enable Banking for integration tests: served by the test's banks server (banks-server.ts),
// the "enablebanking" integration configured for it as the demo configures it (a test file asks with
// useAggregatorFakes("enablebanking"), test-banks-env.ts). Every request that reaches its API and
// every answer it gives is validated against the shared OpenAPI file.
import { resetClock, store } from "@/sandbox/enablebanking/state";
import { EB_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { createContract } from "@/testing/support/contract/enablebanking";
import { aggregatorFakeForTestFile } from "@/testing/support/bank-for-tests";

/** For a test file: the fake over HTTP (testing/support/bank-for-tests.ts). */
export const withEnableBankingFake = () =>
  aggregatorFakeForTestFile({
    integration: "enablebanking",
    checked: { apiPrefix: `${EB_FAKE_PREFIX}/api`, specPathBase: "" },
    contract: createContract,
    resetClock,
  });

/** The fake's answered API calls (it runs in this process). */
export const fakeCalls = () => store().calls;
