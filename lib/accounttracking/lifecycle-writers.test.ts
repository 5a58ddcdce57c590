// One writer per lifecycle: a consent's `status` is written only by consent-lifecycle.ts, a sync
// run's `state` only by run-lifecycle.ts. This reads every source file for a write of either column
// elsewhere (Prisma's update/upsert data, or SQL), and checks the transition tables themselves.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSENT_TRANSITIONS, ENDED, isAllowed } from "@/lib/accounttracking/consents/lifecycle";
import { RUN_TRANSITIONS } from "@/lib/sync/run-lifecycle";

const ROOT = path.resolve(__dirname, "../..");
const WRITERS = {
  consent: "lib/accounttracking/consents/lifecycle.ts",
  run: "lib/sync/run-lifecycle.ts",
};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The text of each call `<model>.<method>(…)`, up to its closing parenthesis. */
function calls(text: string, model: string, methods: string[]): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`\\.${model}\\.(${methods.join("|")})\\(`, "g");
  for (const match of text.matchAll(pattern)) {
    let depth = 0;
    let i = match.index + match[0].length - 1;
    for (; i < text.length; i += 1) {
      if (text[i] === "(") depth += 1;
      else if (text[i] === ")" && --depth === 0) break;
    }
    found.push(text.slice(match.index, i + 1));
  }
  return found;
}

/** SQL that sets `column` of `table` (between SET and WHERE only: a condition on it is not a write). */
function sqlWrites(text: string, table: string, column: string): number {
  const set = new RegExp(
    `UPDATE\\s+${table}\\b(?:\\s+\\w+)?\\s+SET\\b(?:(?!\\bWHERE\\b)[^;\`"])*\\b${column}\\s*=`,
    "gi",
  );
  return [...text.matchAll(set)].length;
}

/** Who writes a column: Prisma data with the key, or SQL that sets it. */
function writers(model: string, column: string, table: string): string[] {
  const offenders: string[] = [];
  for (const dir of ["lib", "app", "scripts"]) {
    for (const file of sources(path.join(ROOT, dir))) {
      const text = readFileSync(file, "utf8");
      const prisma = calls(text, model, ["update", "updateMany", "upsert", "updateManyAndReturn"]).filter((c) =>
        new RegExp(`data:\\s*\\{[^}]*\\b${column}\\s*:`, "s").test(c),
      );
      if (prisma.length + sqlWrites(text, table, column) > 0) offenders.push(path.relative(ROOT, file));
    }
  }
  return offenders;
}

describe("one writer per lifecycle", () => {
  it("only consent-lifecycle.ts writes a consent's status", () => {
    expect(writers("consent", "status", "consents")).toEqual([WRITERS.consent]);
  });

  it("only run-lifecycle.ts writes a sync run's state", () => {
    expect(writers("syncRun", "state", "sync_runs")).toEqual([WRITERS.run]);
  });

  it("the grep sees a stray write (a fixture that writes the column)", () => {
    const stray = `await db.consent.updateMany({ where: { id }, data: { statusReason: "x", status: "revoked" } });`;
    expect(calls(stray, "consent", ["updateMany"]).some((c) => /data:\s*\{[^}]*\bstatus\s*:/s.test(c))).toBe(true);
    expect(
      sqlWrites("UPDATE sync_runs r SET worker_id = NULL, state = 'failed' WHERE r.id = $1", "sync_runs", "state"),
    ).toBe(1);
    expect(
      sqlWrites("UPDATE sync_runs SET pages = pages + 1 WHERE id = $1 AND state = 'running'", "sync_runs", "state"),
    ).toBe(0);
  });
});

describe("the consent transition table", () => {
  it("refuses what it does not list: no way back from an end, no approval by a person, no renewal of a pending consent", () => {
    expect(isAllowed("valid", "pending", "bank")).toBe(false);
    expect(isAllowed("pending", "valid", "person")).toBe(false);
    expect(isAllowed("pending", "renewed", "renewal")).toBe(false);
    for (const ended of ENDED) expect(isAllowed(ended, "valid", "bank")).toBe(false);
    expect(isAllowed("renewed", "revoked", "person")).toBe(false);
  });

  it("allows what it lists, each move once", () => {
    for (const move of CONSENT_TRANSITIONS)
      for (const by of move.by) expect(isAllowed(move.from, move.to, by)).toBe(true);
    const keys = CONSENT_TRANSITIONS.map((m) => `${m.from}→${m.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a sync run ends from running (or fails from queued, never having started), and only succeeded or failed end it", () => {
    const ends = RUN_TRANSITIONS.filter((m) => m.to === "succeeded" || m.to === "failed");
    expect(ends.filter((m) => m.from !== "running").map((m) => `${m.from}→${m.to}`)).toEqual(["queued→failed"]);
    expect(RUN_TRANSITIONS.some((m) => m.from === "succeeded" || m.from === "failed")).toBe(false);
  });
});
