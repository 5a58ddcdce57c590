// Settings for one test file only: the environment is stubbed before its tests and the modules
// reloaded (lib/env.ts reads the environment once, when it loads), so the file imports the app
// afresh inside its tests (`await import(…)`); after them the environment is as it was, and the
// modules loaded under it are dropped too, so no later file sharing the module graph imports them.
import { afterAll, beforeAll, vi } from "vitest";

export function envForThisFile(env: Record<string, string>): void {
  beforeAll(() => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
}
