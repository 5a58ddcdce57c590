// For a test file: a local bank (the sandbox bank or a fake aggregator) behind a real HTTP server,
// started before all tests with its integration pointed at it and its clock reset; after all, the
// clock reset again, the job queue stopped, the integration unregistered and the server closed.
import { afterAll, beforeAll } from "vitest";
import { setIntegrationForTests } from "@/lib/banking/registry";
import { stopBoss } from "@/lib/sync/queue";

export function bankForTestFile<S extends { close: () => Promise<void> }>(bank: {
  integration: string;
  /** Starts the server and registers the integration pointed at it. */
  start: () => Promise<S>;
  resetClock: () => unknown;
}): { server: S } {
  const handle = {} as { server: S };
  beforeAll(async () => {
    handle.server = await bank.start();
    await bank.resetClock();
  });
  afterAll(async () => {
    await bank.resetClock();
    await stopBoss();
    setIntegrationForTests(bank.integration, null);
    await handle.server.close();
  });
  return handle;
}
