import { describe, expect, it } from "vitest";
import {
  AdmissionLimit,
  Base,
  CALM_TO_GROW,
  MAX_REST,
  REST_STEP,
  contended,
  median,
  startAdmission,
} from "./admission";

const calm = { recent: [0.3, 0.4, 0.3, 0.5], base: 0.25 };
const busy = { recent: [4, 6, 3.5, 9], base: 0.25 };

describe("contended", () => {
  it("is the recent median well above the base, by ratio and by at least a millisecond", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(contended(calm)).toBe(false);
    expect(contended(busy)).toBe(true);
    // Three times a tiny base but under a millisecond more: jitter, not a queue.
    expect(contended({ recent: [0.2, 0.25, 0.3, 0.2], base: 0.05 })).toBe(false);
    // One slow probe among fast ones moves no median.
    expect(contended({ recent: [0.3, 40, 0.3, 0.4], base: 0.25 })).toBe(false);
  });
});

describe("AdmissionLimit", () => {
  const limits = (limit: AdmissionLimit, reading: typeof calm, n: number) =>
    Array.from({ length: n }, () => limit.decide(reading));

  it("gives back a slot per contended decision; at the last one it rests longer, up to three times a job", () => {
    const limit = new AdmissionLimit(4);
    expect(limits(limit, busy, 8)).toEqual([
      { limit: 3, rest: 0 },
      { limit: 2, rest: 0 },
      { limit: 1, rest: 0 },
      { limit: 1, rest: REST_STEP },
      { limit: 1, rest: REST_STEP * 2 },
      { limit: 1, rest: REST_STEP * 4 },
      { limit: 1, rest: REST_STEP * 8 },
      { limit: 1, rest: MAX_REST },
    ]);
  });

  it("after each calm stretch halves the rest, then takes a slot again, up to the most", () => {
    const limit = new AdmissionLimit(3);
    limits(limit, busy, 5);
    expect(limit).toMatchObject({ limit: 1, rest: REST_STEP * 4 });
    const stretch = () => limits(limit, calm, CALM_TO_GROW).at(-1);
    expect(limits(limit, calm, CALM_TO_GROW - 1).at(-1)).toEqual({ limit: 1, rest: REST_STEP * 4 });
    expect(limit.decide(calm)).toEqual({ limit: 1, rest: REST_STEP * 2 });
    expect([stretch(), stretch(), stretch(), stretch(), stretch()]).toEqual([
      { limit: 1, rest: REST_STEP },
      { limit: 1, rest: 0 },
      { limit: 2, rest: 0 },
      { limit: 3, rest: 0 },
      { limit: 3, rest: 0 },
    ]);
  });

  it("starts calm stretches over after contention", () => {
    const limit = new AdmissionLimit(2);
    limit.decide(busy);
    limits(limit, calm, CALM_TO_GROW - 1);
    limit.decide(busy);
    expect(limit).toMatchObject({ limit: 1, rest: REST_STEP });
    expect(limits(limit, calm, CALM_TO_GROW - 1).at(-1)).toEqual({ limit: 1, rest: REST_STEP });
    expect(limit.decide(calm)).toEqual({ limit: 1, rest: 0 });
  });
});

describe("Base", () => {
  it("is the fastest probe of the last ten minutes", () => {
    const base = new Base();
    const t = Date.UTC(2026, 10, 29, 12, 0);
    expect(base.value).toBeUndefined();
    base.add(0.4, t);
    base.add(0.2, t + 1_000);
    base.add(3, t + 60_000);
    expect(base.value).toBe(0.2);
    base.add(2, t + 10 * 60_000);
    expect(base.value).toBe(2);
  });
});

describe("startAdmission", () => {
  it("holds slots at or above the limit until the limit rises again, and lets all go when stopped", async () => {
    let ms = 0.3;
    let probes = 0;
    const seen: number[] = [];
    const admission = startAdmission({
      max: 3,
      busy: () => true,
      probe: () => Promise.resolve((probes += 1) && ms),
      onLimit: (limit) => seen.push(limit),
      everyMs: 5,
    });
    try {
      await admission.admitted(2);
      // A calm decision first: the base is what an idle server answers in.
      await expect.poll(() => probes, { timeout: 5_000, interval: 5 }).toBeGreaterThan(4);
      ms = 8;
      await expect.poll(() => admission.limit, { timeout: 10_000, interval: 50 }).toBe(1);
      // At the last slot and still contended: a job is followed by a rest of a share of its time.
      await expect.poll(() => admission.restShare, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
      const t = performance.now();
      await admission.rest(200);
      expect(performance.now() - t).toBeGreaterThanOrEqual(200 * REST_STEP * 0.9);
      let second = false;
      const waiting = admission.admitted(1).then(() => (second = true));
      await admission.admitted(0);
      expect(second).toBe(false);
      ms = 0.3;
      await waiting;
      expect(admission.limit).toBeGreaterThanOrEqual(2);
      expect(seen.slice(0, 3)).toEqual([3, 2, 1]);
    } finally {
      admission.stop();
    }
    await admission.admitted(2);
  });
});
