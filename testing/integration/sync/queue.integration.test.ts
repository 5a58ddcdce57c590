// pg-boss as the workers use it (lib/sync/queue.ts). Processes starting together on a new database
// make the same queues at the same moment (two workers, or web and a worker), and pg-boss's
// create_queue deadlocks against itself there: `createQueue` makes one at a time. A worker slot
// takes its next job as soon as one is done (`workSlots`), not a polling interval later, and only
// while its admission lets it; an idle one takes a job announced on JOBS_CHANNEL at once, and one
// queued for later when it is due.
import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { pgTransaction, pool } from "@/lib/db/client";
import { listen } from "@/lib/db/listen";
import { requireDatabaseUrl } from "@/lib/env";
import { idleWaitMs } from "@/lib/sync/due-loop";
import { announceJob, createQueue, JOBS_CHANNEL, nextDueMs, throughConnection, workSlots } from "@/lib/sync/queue";

const instances: PgBoss[] = [];
const made: string[] = [];
const stops: (() => Promise<void>)[] = [];

async function started(): Promise<PgBoss> {
  const instance = new PgBoss({ connectionString: requireDatabaseUrl(), schema: "pgboss", max: 2 });
  instance.on("error", () => undefined);
  instances.push(instance);
  await instance.start();
  return instance;
}

afterAll(async () => {
  for (const stop of stops) await stop();
  const [first] = instances;
  for (const name of made) {
    await first?.offWork(name);
    // A queue's jobs (done ones stay in its partition) must go before the queue can.
    await pool().query("DELETE FROM pgboss.job WHERE name = $1", [name]);
    await first?.deleteQueue(name);
  }
  await Promise.all(instances.map((b) => b.stop({ graceful: false, wait: true })));
});

describe("making queues from several processes at once", () => {
  it("two instances making the same new queues at once both succeed, and each queue exists once", async () => {
    const [a, b] = await Promise.all([started(), started()]);
    const names = Array.from({ length: 12 }, (_, i) => `test-race-${process.pid}-${i}`);
    made.push(...names);
    // Each instance makes them in its own order, as two processes' module graphs would.
    const results = await Promise.allSettled([
      (async () => {
        for (const name of names) await createQueue(a, name);
      })(),
      (async () => {
        for (const name of [...names].reverse()) await createQueue(b, name);
      })(),
    ]);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
    const queues = (await a.getQueues()).filter((q) => names.includes(q.name));
    expect(queues.map((q) => q.name).sort()).toEqual([...names].sort());
  });
});

/** A new queue `test-<label>-<pid>` on an instance already started (or a first one), removed after the file. */
async function newQueue(label: string): Promise<{ b: PgBoss; name: string }> {
  const [b] = instances.length ? instances : [await started()];
  const name = `test-${label}-${process.pid}`;
  made.push(name);
  await createQueue(b, name);
  return { b, name };
}

/** One slot on `name` that polls once a minute, and the jobs it has done (their data's n) in order. */
function slowPollingSlot(b: PgBoss, name: string) {
  const done: number[] = [];
  const slots = workSlots<{ n: number }>(b, name, {
    slots: 1,
    pollingIntervalSeconds: 60,
    handle: (job) => {
      done.push(job.data.n);
      return Promise.resolve();
    },
  });
  stops.push(() => slots.stop());
  return { slots, done };
}

describe("a worker slot", () => {
  it("takes the next job as soon as one is done: three jobs in far less than one polling interval", async () => {
    const { b, name } = await newQueue("eager");
    await b.insert(Array.from({ length: 3 }, (_, n) => ({ name, data: { n } })));
    // An interval of a minute: pg-boss's own loop would take the second job a minute after the first.
    const { done } = slowPollingSlot(b, name);
    await expect.poll(() => done.length, { timeout: 20_000, interval: 100 }).toBe(3);
    expect([...done].sort()).toEqual([0, 1, 2]);
  });

  it("idle, waits for a job due later (a retry's delay, nobody announces it) until it is due, not its longest wait", async () => {
    const { b, name } = await newQueue("due");
    expect(await nextDueMs(name)).toBeNull();
    const queuedAt = Date.now();
    await b.send(name, { n: 7 }, { startAfter: 2 });
    const due = await nextDueMs(name);
    expect(due).toBeGreaterThan(1_000);
    expect(due).toBeLessThanOrEqual(2_000);
    // The slot's first fetch finds nothing due; it waits until the job is, not its minute.
    const { done } = slowPollingSlot(b, name);
    await expect.poll(() => done.length, { timeout: 20_000, interval: 50 }).toBe(1);
    const tookMs = Date.now() - queuedAt;
    expect(tookMs).toBeGreaterThanOrEqual(1_900);
    expect(tookMs).toBeLessThan(8_000);
    expect(await nextDueMs(name)).toBeNull();
  });

  it("waits after an empty fetch until the next job is due, within its shortest and longest waits", () => {
    expect(idleWaitMs(null, 10_000)).toBe(10_000);
    expect(idleWaitMs(2_000, 10_000)).toBe(2_050);
    expect(idleWaitMs(60_000, 10_000)).toBe(10_000);
    // Due now, yet not fetched (another process holds it): the shortest wait, not a busy loop.
    expect(idleWaitMs(-500, 10_000)).toBe(1_000);
    expect(idleWaitMs(-500, 10_000, 250)).toBe(250);
    // A longest wait under the shortest (a test's 0.1 s poll) wins.
    expect(idleWaitMs(null, 100)).toBe(100);
    expect(idleWaitMs(0, 100)).toBe(100);
  });

  it("works only while admitted: with one slot of three let in, jobs run one at a time, all of them", async () => {
    const { b, name } = await newQueue("admitted");
    await b.insert(Array.from({ length: 6 }, (_, n) => ({ name, data: { n } })));
    const done: number[] = [];
    const bySlot = new Set<number>();
    let running = 0;
    let most = 0;
    const held: (() => void)[] = [];
    const rests: { n: number; priority: number; afterMs: number }[] = [];
    const slots = workSlots<{ n: number }>(b, name, {
      slots: 3,
      pollingIntervalSeconds: 0.1,
      // Slot 0 is let in; slots 1 and 2 wait until stop releases them.
      admitted: (slot) => (slot === 0 ? Promise.resolve() : new Promise<void>((go) => held.push(go))),
      // Asked before every job but a slot's first, with the job (its priority too) and the last one's time.
      rest: (job, afterMs) => {
        rests.push({ n: job.data.n, priority: job.priority, afterMs });
        return Promise.resolve();
      },
      handle: async (job, slot) => {
        running += 1;
        most = Math.max(most, running);
        bySlot.add(slot);
        await new Promise((r) => setTimeout(r, 20));
        done.push(job.data.n);
        running -= 1;
      },
    });
    await expect.poll(() => done.length, { timeout: 20_000, interval: 50 }).toBe(6);
    expect(most).toBe(1);
    expect([...bySlot]).toEqual([0]);
    expect(rests).toHaveLength(5);
    expect(rests.every((r) => r.priority === 0 && r.afterMs >= 20 * 0.9)).toBe(true);
    expect(held).toHaveLength(2);
    const stopped = slots.stop();
    for (const go of held) go();
    await stopped;
    expect(slots.working()).toBe(0);
  });

  it("idle, takes a job announced at its transaction's commit at once, not a polling interval later; a rolled-back announcement is never heard", async () => {
    const { b, name } = await newQueue("announced");
    const { slots, done } = slowPollingSlot(b, name);
    const heard: string[] = [];
    const listening = listen({
      connectionString: requireDatabaseUrl(),
      channel: JOBS_CHANNEL,
      name: "test job wake-ups",
      onNotification: (queue) => {
        if (queue !== name) return;
        heard.push(queue);
        slots.wake();
      },
    });
    stops.push(() => listening.stop());
    await expect.poll(() => listening.backendPid(), { timeout: 10_000 }).not.toBeNull();
    // The slot asked once as it started and found nothing: unless woken, it asks again in a minute.
    const queueIn = (n: number) =>
      pgTransaction(async (client) => {
        await b.insert([{ name, data: { n } }], { db: throughConnection(client) });
        await announceJob(name, client);
        if (n < 0) throw new Error("rolled back");
      });
    await expect(queueIn(-1)).rejects.toThrow("rolled back");
    await queueIn(1);
    await expect.poll(() => done, { timeout: 10_000, interval: 50 }).toEqual([1]);
    expect(heard).toEqual([name]);
  });
});
