// For a test file: a local bank (the sandbox bank or a fake aggregator) on the test process's banks
// server (banks-server.ts), which the app is configured to reach as it reaches a bank
// (test-banks-env.ts): before all tests the banks run, the file's checks are set up and the bank's
// clock is reset; after all, the clock reset again, the job queue stopped and the server released
// (closed after its last user).
import { afterAll, beforeAll } from "vitest";
import { integrationFor } from "@/lib/banking/registry";
import { stopBoss } from "@/lib/sync/queue";
import { useBanksServer, type BanksServer } from "@/testing/support/banks-server";
import type { createOpenApiContract } from "@/testing/support/contract/openapi";
import type { Aggregator } from "@/testing/support/test-banks-env";

export function bankForTestFile<E extends object>(bank: {
  /** Sets up what the tests read besides the server (a fake's contract checks, say). */
  prepare: (server: BanksServer) => E | Promise<E>;
  resetClock: () => unknown;
}): { server: BanksServer & E } {
  const handle = {} as { server: BanksServer & E };
  let release = (): Promise<void> => Promise.resolve();
  beforeAll(async () => {
    const server = await useBanksServer();
    release = server.release;
    handle.server = { ...server, ...(await bank.prepare(server)) };
    await bank.resetClock();
  });
  afterAll(async () => {
    await bank.resetClock();
    await stopBoss();
    await release();
  });
  return handle;
}

/**
 * For a test file: an aggregator's fake, its API traffic checked against the aggregator's own
 * specification. The file configures the app for it before its imports (useAggregatorFakes).
 */
export function aggregatorFakeForTestFile(fake: {
  integration: Aggregator;
  checked: { apiPrefix: string; specPathBase: string };
  contract: () => ReturnType<typeof createOpenApiContract>;
  resetClock: () => unknown;
}) {
  return bankForTestFile({
    prepare: (server) => {
      if (!integrationFor(fake.integration))
        throw new Error(
          `The app has no ${fake.integration} integration: call useAggregatorFakes("${fake.integration}") in vi.hoisted, before the imports`,
        );
      const contract = fake.contract();
      server.check({ ...fake.checked, hooks: contract });
      return { contract: contract.stats };
    },
    resetClock: fake.resetClock,
  });
}
