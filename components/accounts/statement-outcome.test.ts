// The words and numbers of a statement import's progress and outcome.
import { describe, expect, it } from "vitest";
import { countsSentence, importHeadline, importPercent } from "@/components/accounts/statement-outcome";

const none = { entries: 0, added: 0, matched: 0, unchanged: 0, skipped: 0, balances: 0 };

describe("countsSentence", () => {
  it("says every part there was, thousands grouped", () => {
    expect(countsSentence({ entries: 1356, added: 1312, matched: 40, unchanged: 2, skipped: 2, balances: 2 })).toBe(
      "1,312 added, 40 already there from the bank, 2 already imported from a file, 2 pending skipped, 2 balances kept",
    );
  });
  it("always says added and matched, and leaves out what is none", () => {
    expect(countsSentence({ ...none, entries: 5, matched: 5, balances: 1 })).toBe(
      "0 added, 5 already there from the bank, 1 balance kept",
    );
  });
});

describe("importPercent", () => {
  it("is the share of the file's bytes read, rounded down while it runs", () => {
    expect(importPercent({ state: "running", fileBytes: 3, bytesProcessed: 2 })).toBe(66);
    expect(importPercent({ state: "running", fileBytes: 100, bytesProcessed: 100 })).toBe(100);
    expect(importPercent({ state: "queued", fileBytes: 0, bytesProcessed: 0 })).toBe(0);
  });
  it("is full once the import ended, whichever way", () => {
    expect(importPercent({ state: "failed", fileBytes: 100, bytesProcessed: 10 })).toBe(100);
    expect(importPercent({ state: "succeeded", fileBytes: 100, bytesProcessed: 0 })).toBe(100);
  });
});

it("headlines each state", () => {
  expect(["queued", "running", "succeeded", "failed"].map((s) => importHeadline(s as "queued"))).toEqual([
    "Waiting to start",
    "Importing…",
    "Imported",
    "Not imported",
  ]);
});
