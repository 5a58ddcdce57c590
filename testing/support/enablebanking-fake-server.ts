// The fake Enable Banking for integration tests: served by the test's banks server (banks-server.ts),
// the "enablebanking" integration pointed at it and signing with the test run's key. Every request
// that reaches its API and every answer it gives is validated against the shared OpenAPI file.
import { ENABLE_BANKING_INTEGRATION, setIntegrationForTests } from "@/lib/banking/registry";
import { createEnableBankingIntegration } from "@/lib/banking/enablebanking/provider";
import { resetClock, store } from "@/sandbox/enablebanking/state";
import { EB_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { createContract } from "@/testing/support/contract/enablebanking";
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { TEST_EB_APP, type BanksServer } from "@/testing/support/banks-server";

const API = `${EB_FAKE_PREFIX}/api`;

function registerEnableBanking(server: BanksServer) {
  const contract = createContract();
  server.check({ apiPrefix: API, specPathBase: "", hooks: contract });
  setIntegrationForTests(
    ENABLE_BANKING_INTEGRATION,
    createEnableBankingIntegration({
      name: ENABLE_BANKING_INTEGRATION,
      apiUrl: `${server.origin}${API}`,
      appId: TEST_EB_APP.appId,
      privateKey: TEST_EB_APP.privateKey,
    }),
  );
  return { contract: contract.stats };
}

/** For a test file: the fake over HTTP (testing/support/bank-for-tests.ts). */
export const withEnableBankingFake = () =>
  bankForTestFile({ integration: ENABLE_BANKING_INTEGRATION, register: registerEnableBanking, resetClock });

/** The fake's answered API calls (it runs in this process). */
export const fakeCalls = () => store().calls;
