// The direct API lane (lib/server/direct-api.ts) over a real HTTP server: kernel routes go straight
// to their handlers and everything else to the fallback (Next in production). Route matching and
// the build output: direct-api-routes.test.ts.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { TEST_ROUTE } from "@/lib/testing/test-route";
import zlib from "node:zlib";
import {
  compileRoutes,
  createDirectApi,
  requestListener,
  type HandlerSource,
  type RoutePattern,
} from "@/lib/server/direct-api";
import { pickEncoding } from "@/lib/server/web-io";
import { makePerson } from "@/lib/testing/fixtures";
import { bearer } from "@/lib/testing/http";

import { manifestFromSource } from "@/lib/server/testing";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the lane over HTTP", () => {
  let server: http.Server;
  let base: string;
  const fallbackHits: string[] = [];

  // Real route modules from the source tree, plus two synthetic ones.
  const cookies = methods({
    // A marked handler outside route(): route() answers one cookie at most; the lane must keep two.
    GET: (request) =>
      Promise.resolve(
        new Response(JSON.stringify({ peer: request.headers.get("x-ll-peer") }), {
          status: 200,
          headers: [
            ["content-type", "application/json"],
            ["set-cookie", "a=1; Path=/; HttpOnly"],
            ["set-cookie", "b=2; Path=/; HttpOnly"],
          ],
        }),
      ),
  });
  const big = methods({
    GET: route({
      ...TEST_ROUTE,
      auth: "public",
      scoped: false,
      responses: { 200: z.array(z.object({ i: z.number(), memo: z.string() })) },
      handler: () =>
        Promise.resolve({
          data: Array.from({ length: 200 }, (_, i) => ({ i, memo: `Card payment ${i} at SUPERMARKT 0101` })),
        }),
    }),
  });
  const source: HandlerSource = async (r: RoutePattern, method: string) => {
    if (r.pattern === "/api/test/cookies/route") return (cookies as Record<string, unknown>)[method] as never;
    if (r.pattern === "/api/test/big/route") return (big as Record<string, unknown>)[method] as never;
    if (r.pattern === "/api/test/plain/route") return null; // what buildOutputSource answers for a non-kernel handler
    const mod = (await import(/* @vite-ignore */ path.resolve(r.file))) as Record<string, unknown>;
    const handler = mod[method];
    const { isKernelHandler } = await import("@/lib/api/route");
    return isKernelHandler(handler) ? handler : null;
  };

  beforeAll(async () => {
    const table = compileRoutes({
      ...manifestFromSource(),
      "/api/test/cookies/route": "synthetic",
      "/api/test/plain/route": "synthetic",
      "/api/test/big/route": "synthetic",
    });
    const lane = createDirectApi(table, source);
    server = http.createServer(
      requestListener(lane, (req, res) => {
        fallbackHits.push(`${req.method} ${req.url}`);
        res.statusCode = 299;
        res.end("fallback");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("serves a kernel route with the same envelope and headers as calling the handler", async () => {
    const p = await makePerson("lane");
    const res = await fetch(`${base}/api/scopes/v1`, { headers: bearer(p.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("ratelimit-policy")).toMatch(/^"default";q=\d+;w=\d+$/);
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+\.\d\d$/);
    const body = (await res.json()) as { data: { scopeId: string }[]; meta: { requestId: string } };
    expect(body.data.map((s) => s.scopeId)).toContain(p.scopeId);
    expect(body.meta.requestId).toBe(res.headers.get("x-request-id"));
    expect(fallbackHits).toEqual([]);
  });

  it("streams a write's body to the handler and answers its errors in the envelope", async () => {
    const p = await makePerson("lane-write");
    const headers = {
      ...bearer(p.token, p.scopeId),
      "content-type": "application/json",
      "idempotency-key": `k-${p.userId}`,
    };
    const created = await fetch(`${base}/api/clients/v1`, {
      method: "POST",
      headers,
      body: JSON.stringify({ type: "company", displayName: "Acme via lane", countryCode: "BE" }),
    });
    expect(created.status).toBe(201);
    const replay = await fetch(`${base}/api/clients/v1`, {
      method: "POST",
      headers,
      body: JSON.stringify({ type: "company", displayName: "Acme via lane", countryCode: "BE" }),
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const invalid = await fetch(`${base}/api/clients/v1`, {
      method: "POST",
      headers: bearer(p.token, p.scopeId),
      body: "{",
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    const missing = await fetch(`${base}/api/clients/v1/${ID}`, { headers: bearer(p.token, p.scopeId) });
    expect(missing.status).toBe(404);
    const notAllowed = await fetch(`${base}/api/scopes/v1`, { method: "PATCH", headers: bearer(p.token) });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("allow")).toBeTruthy();
  });

  it("keeps every Set-Cookie and overwrites a client's x-ll-peer with the socket address", async () => {
    const res = await fetch(`${base}/api/test/cookies`, { headers: { "x-ll-peer": "203.0.113.9" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/; HttpOnly"]);
    expect(((await res.json()) as { peer: string }).peer).toBe("127.0.0.1");
  });

  it("compresses 1 kB or more of JSON as the client accepts (br, else gzip), and says Vary", async () => {
    const get = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/api/test/big`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const text = plain.body.toString("utf8");
    expect((JSON.parse(text) as { data: unknown[] }).data).toHaveLength(200);

    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    // Same body once decoded, apart from the request id.
    const strip = (t: string) => t.replace(/req_[0-9a-f]+/g, "req");
    expect(strip(zlib.brotliDecompressSync(br.body).toString("utf8"))).toBe(strip(text));

    const gz = await get("gzip;q=1, br;q=0");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(strip(zlib.gunzipSync(gz.body).toString("utf8"))).toBe(strip(text));

    // Small answers are sent as they are.
    const small = await fetch(`${base}/api/scopes/v1`, { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
  });

  it("negotiates Accept-Encoding by q-values", () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0")).toBeNull();
    expect(pickEncoding("deflate")).toBeNull();
  });

  it("hands everything it does not own to the fallback", async () => {
    fallbackHits.length = 0;
    const cases: [string, string][] = [
      ["GET", "/api/test/plain"], // a handler not built by the kernel
      ["GET", "/api/health"], // likewise (a bare route)
      ["HEAD", "/api/scopes/v1"], // methods Next implements itself
      ["OPTIONS", "/api/scopes/v1"],
      ["GET", "/api/scopes/v1/"], // trailing slash: Next redirects
      ["GET", "/dashboard"], // pages
    ];
    for (const [method, url] of cases) {
      const res = await fetch(`${base}${url}`, { method, redirect: "manual" });
      expect(res.status, `${method} ${url}`).toBe(299);
    }
    expect(fallbackHits).toEqual(cases.map(([m, u]) => `${m} ${u}`));
  });
});
