// A process's one start of something slow that every caller shares (pg-boss, a module's queues):
// callers while it runs, and after, get the same promise. A start that failed is forgotten, so the
// next caller starts again instead of every later caller getting the old failure.

/** `get`: the shared start of `start`, begun on the first call. `forget`: drops it, answering it. */
export function startOnce<T>(start: () => Promise<T>) {
  let current: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      current ??= start().catch((error: unknown) => {
        current = undefined;
        throw error;
      });
      return current;
    },
    forget(): Promise<T> | undefined {
      const was = current;
      current = undefined;
      return was;
    },
  };
}
