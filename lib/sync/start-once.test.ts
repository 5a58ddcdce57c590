import { describe, expect, it } from "vitest";
import { startOnce } from "@/lib/sync/start-once";

describe("startOnce", () => {
  it("starts once for every caller, and again after a failure or forget", async () => {
    let starts = 0;
    let fail = true;
    const shared = startOnce(() => {
      starts += 1;
      return fail ? Promise.reject(new Error("not yet")) : Promise.resolve(starts);
    });
    await expect(shared.get()).rejects.toThrow("not yet");
    fail = false;
    const [a, b] = await Promise.all([shared.get(), shared.get()]);
    expect([a, b, starts]).toEqual([2, 2, 2]);
    expect(await shared.forget()).toBe(2);
    expect(shared.forget()).toBeUndefined();
    expect(await shared.get()).toBe(3);
  });
});
