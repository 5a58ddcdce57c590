// The fake Enable Banking behind a real HTTP server on 127.0.0.1, with the "enablebanking"
// integration pointed at it and signing with a key made for the test run. Every request that
// reaches the API and every answer it gives is validated against the shared OpenAPI file.
import { generateKeyPairSync } from "node:crypto";
import { ENABLE_BANKING_INTEGRATION, setIntegrationForTests } from "@/lib/banking/registry";
import { createEnableBankingIntegration } from "@/lib/banking/enablebanking/provider";
import { handleFake } from "@/sandbox/enablebanking/server";
import { resetClock, store } from "@/sandbox/enablebanking/state";
import { EB_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { createContract, type ContractStats } from "@/testing/support/contract/enablebanking";
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { startFakeHttpServer } from "@/testing/support/fake-http-server";

const API = `${EB_FAKE_PREFIX}/api`;
export const TEST_APP_ID = "4d0b7f2e-1b6e-4a52-9d67-2f0c1f7a9e10";

export type EnableBankingFake = { origin: string; contract: ContractStats; close: () => Promise<void> };

export async function startEnableBankingFake(): Promise<EnableBankingFake> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const contract = createContract();
  const { origin, close } = await startFakeHttpServer({
    apiPrefix: API,
    contract,
    handle: (request) => handleFake(request, { prefix: EB_FAKE_PREFIX, publicKey, appId: TEST_APP_ID }),
  });
  setIntegrationForTests(
    ENABLE_BANKING_INTEGRATION,
    createEnableBankingIntegration({
      name: ENABLE_BANKING_INTEGRATION,
      apiUrl: `${origin}${API}`,
      appId: TEST_APP_ID,
      privateKey,
    }),
  );
  return { origin, contract: contract.stats, close };
}

/** For a test file: the fake over HTTP (testing/support/bank-for-tests.ts). */
export const withEnableBankingFake = () =>
  bankForTestFile({ integration: ENABLE_BANKING_INTEGRATION, start: startEnableBankingFake, resetClock });

export const fakeCalls = () => store().calls;
