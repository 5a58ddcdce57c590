// What every local fake bank keeps in memory besides its own records: its clock (the real instant
// moved by whole days), how often each request was made (the fault scenarios fail first attempts,
// deterministically) and the API calls it answered. Plain module state: the banks run in one
// process (sandbox/server.ts, or a test's own), which loads each fake once.

export type FakeCall = { method: string; path: string; status: number; psuIp: string | null };

type Common = { offsetDays: number; attempts: Map<string, number>; calls: FakeCall[] };

const DAY_MS = 86_400_000;

/** A fake's memory, its own records made by `records` on first use. */
export function fakeMemory<R extends object>(records: () => R) {
  let memory: (R & Common) | undefined;
  const store = (): R & Common => (memory ??= { offsetDays: 0, attempts: new Map(), calls: [], ...records() });
  const now = () => new Date(Date.now() + store().offsetDays * DAY_MS);
  return {
    store,
    now,
    today: () => now().toISOString().slice(0, 10),
    advanceClock: (days: number) => void (store().offsetDays += days),
    resetClock: () => void (store().offsetDays = 0),
    /** How many times this exact request was made before. */
    attemptOf: (requestKey: string): number => {
      const n = store().attempts.get(requestKey) ?? 0;
      store().attempts.set(requestKey, n + 1);
      return n;
    },
    recordCall: (call: FakeCall) => void store().calls.push(call),
  };
}

export type FakeMemory = ReturnType<typeof fakeMemory>;
