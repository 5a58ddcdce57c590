// The direct API lane's route table (lib/server/direct-api.ts): matching against the real app/api
// tree with Next's precedence, and what it takes from Next's build output.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import { buildHasMiddleware, buildOutputSource, compileRoutes, matchRoute } from "@/lib/server/direct-api";

import { manifestFromSource } from "@/lib/server/testing";

const routes = compileRoutes(manifestFromSource());
const patternOf = (pathname: string) => matchRoute(routes, pathname)?.route.pattern ?? null;
const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("route matching", () => {
  it("keeps only API routes and orders static before dynamic before catch-all", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.every((r) => r.pattern.startsWith("/api/"))).toBe(true);
    expect(routes.at(-1)?.pattern).toBe("/api/[...path]/route");
  });

  it("matches like Next: static segments win at the first difference", () => {
    expect(patternOf("/api/accounttracking/v1/counterparts/consolidations")).toBe(
      "/api/accounttracking/v1/counterparts/consolidations/route",
    );
    expect(patternOf(`/api/accounttracking/v1/counterparts/${ID}`)).toBe(
      "/api/accounttracking/v1/counterparts/[counterpartId]/route",
    );
    expect(patternOf("/api/accounttracking/v1/consents/callback/sandbox")).toBe(
      "/api/accounttracking/v1/consents/callback/[integration]/route",
    );
    expect(patternOf(`/api/accounttracking/v1/consents/${ID}/status`)).toBe(
      "/api/accounttracking/v1/consents/[consent]/status/route",
    );
    expect(patternOf("/api/no/such/thing")).toBe("/api/[...path]/route");
    expect(patternOf("/api/scopes/v1")).toBe("/api/scopes/v1/route");
  });

  it("decodes parameters and collects catch-alls", () => {
    expect(matchRoute(routes, `/api/accounttracking/v1/accounts/${ID}/transactions`)?.params).toEqual({ id: ID });
    expect(matchRoute(routes, "/api/clients/v1/caf%C3%A9")?.params).toEqual({ id: "café" });
    expect(matchRoute(routes, "/api/no/such")?.params).toEqual({ path: ["no", "such"] });
  });

  it("leaves paths Next normalises to Next", () => {
    for (const pathname of [
      "/api/scopes/v1/",
      "/api//scopes/v1",
      "/api/clients/v1/a%2Fb",
      "/api/clients/v1/%E0%A4%A",
      "/api/clients/v1/..",
      "/docs",
    ]) {
      expect(matchRoute(routes, pathname), pathname).toBeNull();
    }
  });
});

describe("build output", () => {
  function fakeDist(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), "ll-dist-"));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, "server", name)), { recursive: true });
      writeFileSync(path.join(dir, "server", name), text);
    }
    return dir;
  }

  it("takes a handler from routeModule.userland only when the kernel built it", async () => {
    const kernelMark = 'Object.defineProperty(h, Symbol.for("ledgerlink.kernel-handler"), { value: true });';
    const dist = fakeDist({
      "app/api/k/route.js": `const h = async () => new Response("k"); ${kernelMark}
        let loaded = false;
        exports.routeModule = { ensureUserland: async () => { loaded = true; }, get userland() { if (!loaded) throw new Error("not loaded"); return { GET: h, POST: async () => new Response("plain") }; } };`,
      "app/api/broken/route.js": "throw new Error('boom')",
      "app/api/old/route.js": "exports.GET = async () => new Response('no routeModule');",
    });
    const source = buildOutputSource(dist);
    const table = compileRoutes({
      "/api/k/route": "app/api/k/route.js",
      "/api/broken/route": "app/api/broken/route.js",
      "/api/old/route": "app/api/old/route.js",
    });
    const at = (pattern: string) => table.find((r) => r.pattern === pattern)!;
    expect(await source(at("/api/k/route"), "GET")).toBeTypeOf("function");
    expect(await source(at("/api/k/route"), "POST")).toBeNull(); // not built by the kernel
    expect(await source(at("/api/broken/route"), "GET")).toBeNull(); // fails to load: Next answers
    expect(await source(at("/api/old/route"), "GET")).toBeNull(); // an output shape we do not know
  });

  it("notices a middleware or proxy, which the lane would skip", () => {
    const none = JSON.stringify({ version: 3, middleware: {}, sortedMiddleware: [], functions: {} });
    expect(
      buildHasMiddleware(
        fakeDist({ "middleware-manifest.json": none, "functions-config-manifest.json": '{"functions":{}}' }),
      ),
    ).toBe(false);
    expect(
      buildHasMiddleware(
        fakeDist({
          "middleware-manifest.json": JSON.stringify({ version: 3, middleware: { "/": {} }, sortedMiddleware: ["/"] }),
        }),
      ),
    ).toBe(true);
    expect(
      buildHasMiddleware(fakeDist({ "functions-config-manifest.json": '{"functions":{"/_middleware":{}}}' })),
    ).toBe(true);
  });
});
