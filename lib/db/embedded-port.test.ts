// Two clusters starting at once on one machine: a port found free is taken before the postmaster
// binds it. The start is tried again on a port the system hands out, not given up.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { startOnFreePort } from "@/lib/db/embedded";

const TAKEN =
  'PostgreSQL exited with 1 while starting: LOG: could not bind IPv4 address "127.0.0.1": Address already in use';

describe("starting the embedded cluster on a free port", () => {
  it("tries again on another port when the one found free was taken before the bind", async () => {
    const tried: number[] = [];
    const port = await startOnFreePort(54329, (p) => {
      tried.push(p);
      return tried.length === 1 ? Promise.reject(new Error(TAKEN)) : Promise.resolve(p);
    });
    expect(tried).toHaveLength(2);
    expect(port).toBe(tried[1]);
    expect(port).toBeGreaterThan(0);
  });

  it("passes over a preferred port in use, and gives up after four taken ports", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const held = (holder.address() as net.AddressInfo).port;
    try {
      const tried: number[] = [];
      await expect(
        startOnFreePort(held, (p) => {
          tried.push(p);
          return Promise.reject(new Error(TAKEN));
        }),
      ).rejects.toThrow(/Address already in use/);
      expect(tried).toHaveLength(4);
      expect(tried).not.toContain(held);
      expect(tried.every((p) => p > 0)).toBe(true);
    } finally {
      holder.close();
    }
  });

  it("does not retry a start that failed for another reason", async () => {
    let calls = 0;
    await expect(
      startOnFreePort(0, () => {
        calls += 1;
        return Promise.reject(
          new Error("PostgreSQL exited with 1 while starting: FATAL: data directory has wrong ownership"),
        );
      }),
    ).rejects.toThrow(/wrong ownership/);
    expect(calls).toBe(1);
  });
});
