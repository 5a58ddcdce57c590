// The banks are another system than the product: their process (sandbox/server.ts) reaches into the
// product for pure utilities only (dates, money, a country's registration-number format and check
// digits), for generic plumbing that reads no setting and holds no state (lib/plumbing: a pg
// transaction on a pool it is given, the Node ↔ web bridge, the signal loop) and for the launcher's
// embedded cluster (with its settings, a pure function of the machine's memory), never for its
// routes' kernel, auth, database client or environment module — so nothing of the product's
// configuration, state or secrets can leak into the banks, transitively either. And, one process,
// one module graph: no `globalThis` registry anywhere in the banks.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importClosure } from "@/testing/support/import-closure";

const ROOT = path.resolve(__dirname, "..");

describe("the banks process's own modules", () => {
  const { files } = importClosure(ROOT, "sandbox/server.ts");

  it("take from the product only its pure utilities, its plumbing and the embedded cluster", () => {
    const product = files.filter((f) => !f.startsWith("sandbox/"));
    const pure = /^lib\/(dates\/|money\/|plumbing\/|datasets\/(registration-number|check-digits)\.ts$)/;
    expect(product.filter((f) => !pure.test(f) && !/^lib\/db\/embedded(-settings)?\.ts$/.test(f))).toEqual([]);
    expect(product).toContain("lib/db/embedded.ts");
    expect(product).toContain("lib/plumbing/run-until-signal.ts");
  });

  it("hold no globalThis registry", () => {
    for (const file of files) expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toMatch(/globalThis/);
  });
});
