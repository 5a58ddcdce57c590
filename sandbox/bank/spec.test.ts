// Cross-checks the hand-written response schemas against the Berlin Group YAML in ../shared/spec:
// same required fields, and every field we emit is one the spec defines. A missing file fails.
import { describe, expect, it } from "vitest";
import { loadSpecOutlines } from "@/sandbox/bank/testing/spec-yaml";
import { EMITTED_PROPERTIES, SPEC_REQUIRED } from "@/sandbox/bank/testing/spec-shapes";

const names = [...new Set([...Object.keys(SPEC_REQUIRED), ...Object.keys(EMITTED_PROPERTIES)])];
const outlines = loadSpecOutlines(names);

describe("Berlin Group 1.3.12 YAML", () => {
  it.each(Object.entries(SPEC_REQUIRED))("%s has the spec's required fields", (name, required) => {
    expect(outlines[name].required.sort()).toEqual([...required].sort());
  });

  it.each(Object.entries(EMITTED_PROPERTIES))("%s emits only properties the spec defines", (name, emitted) => {
    const defined = new Set(outlines[name].properties);
    expect(emitted.filter((p) => !defined.has(p))).toEqual([]);
  });
});
