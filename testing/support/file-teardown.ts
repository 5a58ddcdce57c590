// What a support module opens for the test file using it and must close when that file ends. A
// module-level afterAll would be registered once per module graph, and files that share one
// (vitest.config.mts: the `shared` project) load a support module once for all of them; the setup
// file (setup-env.ts), which runs before every file, registers the one afterAll that calls these.
const teardowns: (() => Promise<void>)[] = [];

/** Runs `close` once the current test file's tests have all ended. */
export function atFileEnd(close: () => Promise<void>): void {
  teardowns.push(close);
}

/** The current file's teardowns, last registered first; each runs once even when an earlier one throws. */
export async function runFileTeardowns(): Promise<void> {
  const errors: unknown[] = [];
  for (const close of teardowns.splice(0).reverse()) await close().catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw new AggregateError(errors, "a test file's teardown failed");
}
