// The web server process runs two bodies of code: Next's bundle (every route, page and stateful
// module) and, outside it, the HTTP layer of scripts/serve.ts. Only the bundle may hold state: if
// the outer layer imported a pool, the queue or a limiter, the process would hold two copies of it
// (the trap the old shared-process design fell into). This walks the outer layer's imports.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importClosure } from "@/testing/support/import-closure";

const ROOT = path.resolve(__dirname, "../../..");

// What the outer layer may use from outside the project: Next itself, validation, the marker package,
// and the OpenTelemetry API (to flush the spans Next's SDK batched before exiting: it reaches the SDK
// through the API's own global provider, and holds no connection of ours).
const ALLOWED_PACKAGES = new Set(["next", "zod", "server-only", "@opentelemetry/api"]);

describe("the web server's own modules (outside Next's bundle)", () => {
  const { files, packages } = importClosure(ROOT, "scripts/serve.ts");

  it("use no package that holds connections or state (pg, pg-boss, Prisma, limiters)", () => {
    expect([...packages].filter((p) => !ALLOWED_PACKAGES.has(p))).toEqual([]);
  });

  it("are the HTTP layer and what it reads, none of them keeping module-global state", () => {
    expect(
      files.filter((f) => !/^(scripts\/serve\.ts|lib\/server\/|lib\/api\/|lib\/env\.ts|lib\/errors\.ts)/.test(f)),
    ).toEqual([]);
    for (const file of files) expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toMatch(/globalThis/);
  });
});
