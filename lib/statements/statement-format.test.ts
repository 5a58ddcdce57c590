// Every sample file in the spec folder goes to the reader of its format.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sniffStatementFormat } from "./statement-format";

const SPEC = path.resolve(__dirname, "../../../shared/spec/bank-statements");

describe("sniffStatementFormat", () => {
  it("tells each sample's format from its first bytes", () => {
    const found = (folder: string) =>
      readdirSync(path.join(SPEC, folder))
        .filter((f) => !f.endsWith(".md"))
        .map((f) => sniffStatementFormat(readFileSync(path.join(SPEC, folder, f))));
    expect(found("camt053/samples")).toEqual(Array(6).fill("camt053"));
    expect(found("mt940/samples")).toEqual(Array(6).fill("mt940"));
    expect(found("csv")).toEqual(Array(3).fill("csv"));
    expect(sniffStatementFormat(new TextEncoder().encode("\uFEFF<?xml version='1.0'?>"))).toBe("camt053");
  });
});
