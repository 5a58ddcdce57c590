// For a test file: the sandbox company registry over HTTP, served by the test's banks server
// (banks-server.ts) as `npm run banks` serves it, and the product pointed at it through
// SANDBOX_REGISTRY_URL (read when asked, lib/env.ts) — so every lookup in the file, through a route
// or lookupCompany, reaches the registry as it would in the demo. Put back and released after all.
import { afterAll, beforeAll } from "vitest";
import { useBanksServer } from "@/testing/support/banks-server";

export function withSandboxRegistry(): { baseUrl: string } {
  const handle = { baseUrl: "" };
  const before = process.env.SANDBOX_REGISTRY_URL;
  let release = (): Promise<void> => Promise.resolve();
  beforeAll(async () => {
    const server = await useBanksServer();
    release = server.release;
    handle.baseUrl = `${server.origin}/sandbox-registry`;
    process.env.SANDBOX_REGISTRY_URL = handle.baseUrl;
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.SANDBOX_REGISTRY_URL;
    else process.env.SANDBOX_REGISTRY_URL = before;
    await release();
  });
  return handle;
}
