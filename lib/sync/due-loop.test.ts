import { describe, expect, it } from "vitest";
import { dueLoops, idleWaitMs, type DueLoops } from "@/lib/sync/due-loop";

/** A promise and the function that resolves it. */
function signal() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A loop's rounds, timed from now: `times` when each began, `reached` once there have been `count`;
 * a round is full while `full(n)` says so for the n-th.
 */
function rounds(count: number, full: (n: number) => boolean = () => false) {
  const times: number[] = [];
  const reached = signal();
  const started = performance.now();
  const round = () => {
    times.push(performance.now() - started);
    if (times.length === count) reached.resolve();
    return Promise.resolve(full(times.length));
  };
  return { times, reached: reached.promise, round };
}

describe("dueLoops", () => {
  it("a full round is followed by the next at once; an empty one sleeps until the next is due", async () => {
    // Two full rounds, then empty ones.
    const { times, reached, round } = rounds(3, (n) => n <= 2);
    const loops = dueLoops({
      loops: 1,
      round,
      nextDueMs: () => Promise.resolve(300),
      longestMs: 60_000,
      shortestMs: 10,
    });
    await reached;
    await loops.stop();
    expect(times).toHaveLength(3);
    // The second and third rounds came without a sleep; the fourth would wait ~350 ms.
    expect(times[2]).toBeLessThan(250);
  });

  it("sleeps until the next is due, not the longest wait; a wake between a round and its sleep is not lost", async () => {
    const { times, reached, round } = rounds(3);
    const loops: DueLoops = dueLoops({
      loops: 1,
      round,
      nextDueMs: () => {
        // After the first round, the next is due in 200 ms. After the second, nothing waits (the
        // longest sleep, a minute) but an announcement comes before the loop is asleep.
        if (times.length === 1) return Promise.resolve(200);
        loops.wake();
        return Promise.resolve(null);
      },
      longestMs: 60_000,
      shortestMs: 10,
    });
    await reached;
    await loops.stop();
    expect(times[1]).toBeGreaterThanOrEqual(200);
    expect(times[1]).toBeLessThan(5_000);
    expect(times[2] - times[1]).toBeLessThan(5_000);
  });

  it("a failed read of the next due time counts as due now: the shortest wait", async () => {
    const { times, reached, round } = rounds(2);
    const loops = dueLoops({
      loops: 1,
      round,
      nextDueMs: () => Promise.reject(new Error("the database is away")),
      longestMs: 60_000,
      shortestMs: 50,
    });
    await reached;
    await loops.stop();
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(45);
    expect(times[1] - times[0]).toBeLessThan(30_000);
  });

  it("stop waits for the rounds in flight, or for the grace when one does not end", async () => {
    const inFlight = signal();
    const release = signal();
    let ended = 0;
    const loops = dueLoops({
      loops: 2,
      round: async (loop) => {
        if (loop === 0) {
          inFlight.resolve();
          await release.promise;
        }
        ended += 1;
        return false;
      },
      nextDueMs: () => Promise.resolve(null),
      longestMs: 60_000,
    });
    await inFlight.promise;
    const stopping = loops.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(ended).toBe(2);

    const hung = dueLoops({
      loops: 1,
      round: () => new Promise<boolean>(() => undefined),
      nextDueMs: () => Promise.resolve(null),
      longestMs: 60_000,
    });
    const before = performance.now();
    await hung.stop(100);
    expect(performance.now() - before).toBeGreaterThanOrEqual(95);
  });

  it("idleWaitMs: until due plus a little, between the shortest and the longest", () => {
    expect(idleWaitMs(null, 10_000)).toBe(10_000);
    expect(idleWaitMs(2_000, 10_000)).toBe(2_050);
    expect(idleWaitMs(-500, 10_000, 250)).toBe(250);
  });
});
