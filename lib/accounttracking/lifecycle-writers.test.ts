// One writer per lifecycle, and no lifecycle rule restated elsewhere: a consent's `status` is written
// only by consents/lifecycle.ts, an authorization's `phase` only by consents/authorization-lifecycle.ts,
// a sync run's `state` only by lib/sync/run-lifecycle.ts, a tracked account's `trackingState` only by
// accounts/lifecycle.ts; and no server module but those compares one
// of their values with a literal (it asks the lifecycle's guards and SQL predicates). This reads every
// source file, and checks the transition tables themselves.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUTHORIZATION_TRANSITIONS, phasesMovableTo } from "@/lib/accounttracking/consents/authorization-lifecycle";
import { ACCOUNT_TRANSITIONS, canMoveAccount } from "@/lib/accounttracking/accounts/lifecycle";
import { canMove, CONSENT_TRANSITIONS, isEnded } from "@/lib/accounttracking/consents/lifecycle";
import { moveStatement, RUN_TRANSITIONS } from "@/lib/sync/run-lifecycle";

const ROOT = path.resolve(__dirname, "../..");
const WRITERS = {
  consent: "lib/accounttracking/consents/lifecycle.ts",
  authorization: "lib/accounttracking/consents/authorization-lifecycle.ts",
  run: "lib/sync/run-lifecycle.ts",
  account: "lib/accounttracking/accounts/lifecycle.ts",
  ruleApplication: "lib/rules/application-lifecycle.ts",
  statementImport: "lib/statements/import/lifecycle.ts",
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

// ——— literals ———

const VALUES = [
  ...new Set([
    ...CONSENT_TRANSITIONS.flatMap((m) => [m.from, m.to]),
    ...AUTHORIZATION_TRANSITIONS.flatMap((m) => [m.from, m.to]),
    ...RUN_TRANSITIONS.flatMap((m) => [m.from, m.to]),
    ...ACCOUNT_TRANSITIONS.flatMap((m) => [m.from, m.to]),
  ]),
].join("|");

/** The lifecycle columns, as TypeScript and SQL name them. */
const COLUMNS = "status|state|phase|trackingState|tracking_state";

/** A lifecycle value compared in TypeScript (===, a Prisma filter, an includes) or in SQL (=, IN). */
const COMPARISONS = [
  new RegExp(`\\b(${COLUMNS})\\s*(===|!==)\\s*["'](${VALUES})["']`),
  new RegExp(`["'](${VALUES})["']\\s*(===|!==)\\s*[\\w.?]*\\b(${COLUMNS})\\b`),
  new RegExp(`\\b(${COLUMNS}):\\s*(\\{\\s*in:\\s*\\[\\s*)?["'](${VALUES})["']`),
  new RegExp(`\\b(${COLUMNS})\\s*(=|<>|!=)\\s*'(${VALUES})'`),
  new RegExp(`\\b(${COLUMNS})\\s+(NOT\\s+)?IN\\s*\\(\\s*'(${VALUES})'`, "i"),
  new RegExp(`\\[\\s*["'](${VALUES})["'](\\s*,\\s*["'](${VALUES})["'])*\\s*\\]\\.includes\\(`),
];

// Other vocabularies that share a word with the lifecycles: a promise's settled status, the
// Idempotency-Key's own states, a transaction's booked/pending, a webhook delivery's status, and the
// banks' own consent statuses (mapped onto ours in consents/lifecycle.ts). What they compare is not
// a consent, an authorization or a sync run.
const OTHER_VOCABULARIES = [
  "app/api/accounttracking/v1/banks/route.ts", // Promise.allSettled
  "lib/api/route.ts", // Promise.allSettled
  "lib/api/idempotency.ts",
  "lib/accounttracking/accounts/stats.ts",
  "lib/sync/window.ts",
  "lib/sync/ingest.ts",
  "lib/webhooks/deliver.ts",
  "lib/webhooks/deliveries.ts",
  "lib/webhooks/dispatch.ts",
  "lib/webhooks/endpoints.ts",
  "lib/webhooks/retention.ts",
];
const SKIPPED = (file: string) =>
  Object.values(WRITERS).includes(file) ||
  OTHER_VOCABULARIES.includes(file) ||
  file.startsWith("lib/banking/") ||
  // The browser's side (the typed client and the pages) shows what the API answers; it moves nothing.
  file.startsWith("lib/client/") ||
  /\.tsx$/.test(file);

function comparisons(): string[] {
  const found: string[] = [];
  for (const dir of ["lib", "app"]) {
    for (const file of sources(path.join(ROOT, dir))) {
      const relative = path.relative(ROOT, file);
      if (SKIPPED(relative)) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (COMPARISONS.some((pattern) => pattern.test(line))) found.push(`${relative}:${i + 1}: ${line.trim()}`);
        });
    }
  }
  return found;
}

describe("one writer per lifecycle", () => {
  it("only consents/lifecycle.ts writes a consent's status", () => {
    expect(writers("consent", "status", "consents")).toEqual([WRITERS.consent]);
  });

  it("only authorization-lifecycle.ts writes an authorization's phase", () => {
    expect(writers("consentAuthorization", "phase", "consent_authorizations")).toEqual([WRITERS.authorization]);
  });

  it("only run-lifecycle.ts writes a sync run's state", () => {
    expect(writers("syncRun", "state", "sync_runs")).toEqual([WRITERS.run]);
  });

  it("only accounts/lifecycle.ts writes a tracked account's trackingState", () => {
    expect(writers("trackedAccount", "trackingState", "tracked_accounts")).toEqual([WRITERS.account]);
    expect(
      sqlWrites("UPDATE tracked_accounts SET tracking_state = 'stopped'", "tracked_accounts", "tracking_state"),
    ).toBe(1);
    expect(writers("trackedAccount", "tracking_state", "tracked_accounts")).toEqual([]);
  });

  it("only rules/application-lifecycle.ts writes a rule application's state", () => {
    expect(writers("ruleApplication", "state", "rule_applications")).toEqual([WRITERS.ruleApplication]);
  });

  it("only statements/import/lifecycle.ts writes a statement import's state", () => {
    expect(writers("statementImport", "state", "statement_imports")).toEqual([WRITERS.statementImport]);
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

describe("no lifecycle rule restated outside its module", () => {
  it("no server module compares a consent status, an authorization phase or a run state with a literal", () => {
    expect(comparisons()).toEqual([]);
  });

  it("the check sees each kind of comparison", () => {
    const lines = [
      `if (consent.status !== "pending") return;`,
      `where: { status: "valid" }`,
      `where: { phase: { in: ["sent", "picker"] } }`,
      `WHERE r.state IN ('queued', 'running')`,
      `AND c.status = 'valid'`,
      `["valid", "pending"].includes(consent.status)`,
      `if (account.trackingState === "stopped") return;`,
      `where: { trackingState: "archived" }`,
      `AND a.tracking_state = 'tracking'`,
    ];
    for (const line of lines) expect(COMPARISONS.some((p) => p.test(line))).toBe(true);
    expect(COMPARISONS.some((p) => p.test(`if (grantsAccess(consent.status)) return;`))).toBe(false);
  });
});

describe("the transition tables", () => {
  it("consents: refuses what it does not list (no way back from an end, no approval by a person, no renewal of a pending consent)", () => {
    expect(canMove("valid", "pending", "bank")).toBe(false);
    expect(canMove("pending", "valid", "person")).toBe(false);
    expect(canMove("pending", "renewed", "renewal")).toBe(false);
    for (const m of CONSENT_TRANSITIONS) if (isEnded(m.to)) expect(canMove(m.to, "valid", "bank")).toBe(false);
    expect(canMove("renewed", "revoked", "person")).toBe(false);
  });

  it("consents: allows what it lists, each move once, and only ends emit consent.ended", () => {
    for (const move of CONSENT_TRANSITIONS)
      for (const by of move.by) expect(canMove(move.from, move.to, by)).toBe(true);
    const keys = CONSENT_TRANSITIONS.map((m) => `${m.from}→${m.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    const emitting = CONSENT_TRANSITIONS.filter((m) => m.emits).map((m) => m.to);
    expect([...new Set(emitting)].sort()).toEqual(["expired", "revoked"]);
  });

  it("authorizations: a spent state is never live again, and only the approval completes an approval", () => {
    expect(phasesMovableTo("sent", "callback")).toEqual([]);
    expect(phasesMovableTo("approved", "callback")).toEqual(["sent"]);
    expect(phasesMovableTo("completed", "approval").sort()).toEqual(["approved", "exchanged"]);
    expect(phasesMovableTo("completed", "repair")).toEqual([]);
    expect(AUTHORIZATION_TRANSITIONS.some((m) => m.from === "completed" || m.from === "abandoned")).toBe(false);
  });

  it("accounts: stopped is the hub (no archive while tracking, no resume from the archive), only a person moves, each move emits", () => {
    expect(canMoveAccount("tracking", "archived", "person")).toBe(false);
    expect(canMoveAccount("archived", "tracking", "person")).toBe(false);
    expect(canMoveAccount("tracking", "stopped", "person")).toBe(true);
    for (const m of ACCOUNT_TRANSITIONS) {
      expect(m.from === "stopped" || m.to === "stopped").toBe(true);
      // every move can be undone by the opposite one
      expect(canMoveAccount(m.to, m.from, "person")).toBe(true);
      expect(m.emits).toBe("account.tracking_changed");
    }
    const keys = ACCOUNT_TRANSITIONS.map((m) => `${m.from}→${m.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("sync runs: end from running (or fail from queued, never having started), and nothing leaves an end", () => {
    const ends = RUN_TRANSITIONS.filter((m) => m.to === "succeeded" || m.to === "failed");
    expect(ends.filter((m) => m.from !== "running").map((m) => `${m.from}→${m.to}`)).toEqual(["queued→failed"]);
    expect(RUN_TRANSITIONS.some((m) => m.from === "succeeded" || m.from === "failed")).toBe(false);
  });

  it("sync runs: the move's statement is built from the table alone, and a move it does not list is refused", () => {
    const claim = moveStatement("running", "worker").update;
    expect(claim).toContain("r.state = 'queued'");
    expect(claim).toContain("r.state = 'running'");
    expect(claim).not.toContain("r.worker_id = :worker)");
    const finish = moveStatement("succeeded", "holder").update;
    expect(finish).toContain("(r.state = 'running')");
    expect(finish).toContain("AND r.worker_id = :worker");
    expect(() => moveStatement("succeeded", "worker")).toThrow(/not one move in the table/);
    expect(() => moveStatement("queued", "worker")).toThrow(/not one move in the table/);
  });
});
