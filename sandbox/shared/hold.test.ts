import { describe, expect, it, onTestFinished, vi } from "vitest";
import { holdAccount, passHold, releaseAccount, waitingOn } from "./hold";

describe("holding an account's transaction reports", () => {
  it("answers at once when not held", async () => {
    await expect(passHold("bank", "free")).resolves.toBeUndefined();
    expect(releaseAccount("bank", "free")).toBeNull();
  });

  it("keeps every report waiting until released, then lets them all through", async () => {
    holdAccount("bank", "a1");
    let passed = 0;
    const waiting = [passHold("bank", "a1"), passHold("bank", "a1")].map((p) => p.then(() => (passed += 1)));
    await Promise.resolve();
    expect([passed, waitingOn("bank", "a1")]).toEqual([0, 2]);
    await expect(passHold("bank", "other")).resolves.toBeUndefined();
    expect(releaseAccount("bank", "a1")).toBe(2);
    await Promise.all(waiting);
    expect(passed).toBe(2);
    await expect(passHold("bank", "a1")).resolves.toBeUndefined();
  });

  it("releases itself after its limit", async () => {
    holdAccount("bank", "forgotten", 5);
    await expect(passHold("bank", "forgotten")).resolves.toBeUndefined();
    expect(waitingOn("bank", "forgotten")).toBe(0);
  });

  it("a released hold's timer does not end a later hold of the same account", async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    holdAccount("bank", "again", 30);
    expect(releaseAccount("bank", "again")).toBe(0);
    holdAccount("bank", "again", 60_000);
    let passed = false;
    const waiting = passHold("bank", "again").then(() => (passed = true));
    // Past the first hold's limit (the clock moved by hand): the second still holds.
    vi.advanceTimersByTime(100);
    await Promise.resolve();
    expect([passed, waitingOn("bank", "again")]).toEqual([false, 1]);
    expect(releaseAccount("bank", "again")).toBe(1);
    await waiting;
    expect(passed).toBe(true);
  });
});
