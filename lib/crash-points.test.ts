// Every named crash point is walked by the crash suite (e2e/crash-points.crash.spec.ts), and every
// name the suite walks is a crash point the code has: a point added without a scenario fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CRASH_POINTS } from "@/lib/crash-points";

const SUITE = path.resolve(__dirname, "../e2e/crash-points.crash.spec.ts");

describe("crash points", () => {
  it("each has a scenario in the crash suite, and the suite names no other", () => {
    const text = readFileSync(SUITE, "utf8");
    const named = new Set(
      [...text.matchAll(/"([a-z]+\.[a-z-]+)"/g)].map((m) => m[1]).filter((n) => /^[a-z]+\./.test(n)),
    );
    const walked = [...named].filter((n) => CRASH_POINTS.some((p) => p.split(".")[0] === n.split(".")[0]));
    expect(CRASH_POINTS.filter((p) => !named.has(p))).toEqual([]);
    expect(walked.filter((n) => !(CRASH_POINTS as readonly string[]).includes(n))).toEqual([]);
  });
});
