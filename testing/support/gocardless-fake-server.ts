// The fake GoCardless behind a real HTTP server on 127.0.0.1, with the "gocardless" integration
// pointed at it using secrets made for the test run. Every request that reaches the API and every
// answer it gives is validated against the shared swagger.json.
import { randomBytes } from "node:crypto";
import { GOCARDLESS_INTEGRATION, setIntegrationForTests } from "@/lib/banking/registry";
import { createGoCardlessIntegration } from "@/lib/banking/gocardless/provider";
import { GC_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { handleGoCardlessFake } from "@/sandbox/gocardless/server";
import { gcStore, resetGcClock } from "@/sandbox/gocardless/state";
import { createGoCardlessContract } from "@/testing/support/contract/gocardless";
import { bankForTestFile } from "@/testing/support/bank-for-tests";
import { startFakeHttpServer } from "@/testing/support/fake-http-server";

export type GoCardlessFake = {
  origin: string;
  contract: ReturnType<typeof createGoCardlessContract>["stats"];
  close: () => Promise<void>;
};

export async function startGoCardlessFake(options: { windowDays?: number } = {}): Promise<GoCardlessFake> {
  const secrets = { secretId: randomBytes(8).toString("hex"), secretKey: randomBytes(32).toString("base64url") };
  const contract = createGoCardlessContract();
  const { origin, close } = await startFakeHttpServer({
    // swagger.json's paths start with /api (/api/v2/…).
    apiPrefix: `${GC_FAKE_PREFIX}/api`,
    specPathBase: "/api",
    contract,
    handle: (request) => handleGoCardlessFake(request, { prefix: GC_FAKE_PREFIX, ...secrets }),
  });
  setIntegrationForTests(
    GOCARDLESS_INTEGRATION,
    createGoCardlessIntegration({
      name: GOCARDLESS_INTEGRATION,
      apiUrl: `${origin}${GC_FAKE_PREFIX}`,
      ...secrets,
      windowDays: options.windowDays,
    }),
  );
  return { origin, contract: contract.stats, close };
}

/** For a test file: the fake over HTTP (testing/support/bank-for-tests.ts). */
export const withGoCardlessFake = (options: { windowDays?: number } = {}) =>
  bankForTestFile({
    integration: GOCARDLESS_INTEGRATION,
    start: () => startGoCardlessFake(options),
    resetClock: resetGcClock,
  });

export const gcFakeCalls = () => gcStore().calls;
