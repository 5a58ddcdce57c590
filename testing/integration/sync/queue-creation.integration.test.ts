// Processes starting together on a new database make the same pg-boss queues at the same moment
// (two workers, or web and a worker). pg-boss's create_queue can deadlock against itself there;
// `createQueue` (lib/sync/queue.ts) retries the side PostgreSQL aborted, so both starts succeed.
import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { requireDatabaseUrl } from "@/lib/env";
import { createQueue } from "@/lib/sync/queue";

const instances: PgBoss[] = [];
const made: string[] = [];

async function started(): Promise<PgBoss> {
  const instance = new PgBoss({ connectionString: requireDatabaseUrl(), schema: "pgboss", max: 2 });
  instance.on("error", () => undefined);
  instances.push(instance);
  await instance.start();
  return instance;
}

afterAll(async () => {
  for (const name of made) await instances[0]?.deleteQueue(name);
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
