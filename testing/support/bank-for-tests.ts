// For a test file: a local bank (the sandbox bank or a fake aggregator) on the test process's banks
// server (banks-server.ts), its integration registered against that origin before all tests and its
// clock reset; after all, the clock reset again, the job queue stopped, the integration unregistered
// and the server released (closed after its last user).
import { afterAll, beforeAll } from "vitest";
import { setIntegrationForTests } from "@/lib/banking/registry";
import { stopBoss } from "@/lib/sync/queue";
import { useBanksServer, type BanksServer } from "@/testing/support/banks-server";

export function bankForTestFile<E extends object>(bank: {
  integration: string;
  /** Registers the integration pointed at the server; returns what the tests read besides the server. */
  register: (server: BanksServer) => E | Promise<E>;
  resetClock: () => unknown;
}): { server: BanksServer & E } {
  const handle = {} as { server: BanksServer & E };
  let release = (): Promise<void> => Promise.resolve();
  beforeAll(async () => {
    const server = await useBanksServer();
    release = server.release;
    handle.server = { ...server, ...(await bank.register(server)) };
    await bank.resetClock();
  });
  afterAll(async () => {
    await bank.resetClock();
    await stopBoss();
    setIntegrationForTests(bank.integration, null);
    await release();
  });
  return handle;
}
