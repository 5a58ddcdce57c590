// The server around the app (lib/server/http-server.ts): security headers on every path (API
// routes, pages through the fallback, early refusals), a per-request CSP nonce handed to Next in
// the request, HSTS only over https, bodies over the cap refused, Server-Timing on API answers, the
// socket peer recorded for the rate limiter, and Node's own answers (431, 400) in the envelope with
// a request id. Kernel routes stand in for Next's routing (testing/support/route-server.ts).
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as health from "@/app/api/health/route";
import * as clients from "@/app/api/clients/v1/route";
import * as scopes from "@/app/api/scopes/v1/route";
import * as signUp from "@/app/api/auth/v1/sign-up/route";
import { createAppServer } from "@/lib/server/http-server";
import type { HeaderOptions } from "@/lib/server/security-headers";
import { makePerson } from "@/testing/support/fixtures";
import { bearer } from "@/testing/support/http";
import { listenOnLoopback } from "@/testing/support/http-listener";
import { routeListener } from "@/testing/support/route-server";

const api = routeListener({
  "/api/scopes/v1/route": scopes,
  "/api/clients/v1/route": clients,
  "/api/auth/v1/sign-up/route": signUp,
});

type Started = {
  base: string;
  port: number;
  pageCsp: (string | undefined)[];
  peers: (string | undefined)[];
  locals: (string | undefined)[];
  close: () => Promise<void>;
};

async function start(options: Partial<HeaderOptions> = {}): Promise<Started> {
  const pageCsp: (string | undefined)[] = [];
  const peers: (string | undefined)[] = [];
  const locals: (string | undefined)[] = [];
  // Pages stand in for Next: they record the CSP handed over, as Next's renderer reads it.
  const page = (req: http.IncomingMessage, res: http.ServerResponse) => {
    pageCsp.push(req.headers["content-security-policy"] as string | undefined);
    peers.push(req.headers["x-ll-peer"] as string | undefined);
    locals.push(req.headers["x-ll-local"] as string | undefined);
    res.setHeader("content-type", "text/html");
    res.end("<html></html>");
  };
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) =>
    void api(req, res).then((status) => status ?? page(req, res));
  const server = createAppServer(listener, {
    appUrlHttps: false,
    proxies: [],
    dev: false,
    formTargets: [],
    ...options,
  });
  const { origin, port, close } = await listenOnLoopback(server);
  return { base: origin, port, pageCsp, peers, locals, close };
}

/**
 * A POST that declares `bytes` of body in its Content-Length but sends only `first`: the answer, with
 * its body, is what the server says on the declaration alone.
 */
function declaredPost(url: string, contentType: string, bytes: number, first: string) {
  return new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: "POST", headers: { "content-type": contentType, "content-length": String(bytes) } },
      (r) => {
        let body = "";
        r.on("data", (d: Buffer) => (body += d.toString()));
        r.on("end", () => resolve(Object.assign(r, { body })));
      },
    );
    req.on("error", reject);
    req.write(first);
  });
}

/** Writes raw bytes and reads the whole answer (the server closes the connection). */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let text = "";
    socket.on("data", (d) => (text += d.toString("utf8")));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

const COMMON = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

describe("security headers on every path", () => {
  let s: Started;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.close());

  it("API answers: nosniff, no framing, a CSP that allows nothing, no HSTS over http", async () => {
    const p = await makePerson("headers");
    const res = await fetch(`${s.base}/api/scopes/v1`, {
      headers: { ...bearer(p.token), "content-security-policy": "script-src *" },
    });
    expect(res.status).toBe(200);
    // The cache is off in these files (setup-env): the credentials were read.
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+\.\d{2}, auth;desc=read$/);
    expect(Object.fromEntries(Object.keys(COMMON).map((k) => [k, res.headers.get(k)]))).toEqual(COMMON);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("the rate limiter's peer is the socket's, never what a client claims", async () => {
    await fetch(`${s.base}/signin`, { headers: { "x-ll-peer": "203.0.113.9" } });
    expect(s.peers.at(-1)).toBe("127.0.0.1");
  });

  it("whether the caller is on this machine is the socket's too, decided before a proxy header is added", async () => {
    await fetch(`${s.base}/signin`);
    expect(s.locals.at(-1)).toBe("1");
    await fetch(`${s.base}/signin`, { headers: { "x-ll-local": "1", "x-forwarded-for": "127.0.0.1" } });
    expect(s.locals.at(-1)).toBe("0");
  });

  it("pages: a strict CSP whose fresh nonce is handed to the renderer in the request", async () => {
    const first = await fetch(`${s.base}/signin`);
    const second = await fetch(`${s.base}/signin`);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(Object.fromEntries(Object.keys(COMMON).map((k) => [k, first.headers.get(k)]))).toEqual(COMMON);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(s.pageCsp.slice(-2)).toEqual([csp, second.headers.get("content-security-policy")]);
    expect(first.headers.get("server-timing")).toBeNull(); // API answers only
    expect(second.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("a declared body over the cap: 413 in the envelope before any handler, with the headers", async () => {
    const res = await declaredPost(`${s.base}/api/auth/v1/sign-up`, "application/json", 2 * 1024 * 1024, "{");
    expect(res.statusCode).toBe(413);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const body = JSON.parse(res.body) as { error: { code: string }; meta: { requestId: string } };
    expect(body.error.code).toBe("payload_too_large");
    expect(body.meta.requestId).toBe(res.headers["x-request-id"]);
  });

  it("a statement upload has its route's own cap: 2 MiB declared reaches the route, 300 MiB does not", async () => {
    const declared = (path: string, bytes: number) => declaredPost(`${s.base}${path}`, "application/xml", bytes, "<");
    const path = "/api/accounttracking/v1/accounts/01a22712-9213-761a-aeef-e2456eb73cb9/statements?fileName=a.xml";
    // Past the early check: the app behind it answers (this test's stand-in for Next answers 200).
    expect((await declared(path, 2 * 1024 * 1024)).statusCode).toBe(200);
    const over = await declared(path, 300 * 1024 * 1024);
    expect(over.statusCode).toBe(413);
    expect((JSON.parse(over.body) as { error: { message: string } }).error.message).toContain(
      String(256 * 1024 * 1024),
    );
    // Any other route keeps the general cap.
    expect((await declared("/api/accounttracking/v1/rules", 2 * 1024 * 1024)).statusCode).toBe(413);
  });

  it("a chunked body over the cap: the kernel refuses it while it streams", async () => {
    const status = await new Promise<number>((resolve) => {
      const req = http.request(
        `${s.base}/api/auth/v1/sign-up`,
        { method: "POST", headers: { "content-type": "application/json" } },
        (r) => {
          r.resume();
          resolve(r.statusCode ?? 0);
        },
      );
      req.on("error", () => undefined); // the server may close while we still write
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it("Node's own answers: a 20 kB URL → 431, garbage → 400, both in the envelope with a request id", async () => {
    const long = await raw(s.port, `GET /api/clients/v1?search=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long).toMatch(/^HTTP\/1\.1 431 /);
    const longBody = JSON.parse(long.split("\r\n\r\n")[1]) as { error: { code: string }; meta: { requestId: string } };
    expect(longBody.error.code).toBe("request_header_too_large");
    expect(long).toContain(`x-request-id: ${longBody.meta.requestId}`);
    expect(long).toContain("x-content-type-options: nosniff");
    const garbage = await raw(s.port, "NOT HTTP AT ALL\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect((JSON.parse(garbage.split("\r\n\r\n")[1]) as { error: { code: string } }).error.code).toBe("bad_request");
  });
});

describe("HSTS only over https", () => {
  it("when APP_URL is https, or a trusted proxy says the client used https; never on a client's word", async () => {
    const viaAppUrl = await start({ appUrlHttps: true });
    const viaProxy = await start({ proxies: ["127.0.0.1"] });
    const untrusted = await start({ proxies: ["10.9.9.9"] });
    try {
      expect((await fetch(`${viaAppUrl.base}/signin`)).headers.get("strict-transport-security")).toMatch(
        /^max-age=\d+/,
      );
      const proto = { "x-forwarded-proto": "https" };
      expect(
        (await fetch(`${viaProxy.base}/signin`, { headers: proto })).headers.get("strict-transport-security"),
      ).toMatch(/^max-age=/);
      expect((await fetch(`${viaProxy.base}/signin`)).headers.get("strict-transport-security")).toBeNull();
      expect(
        (await fetch(`${untrusted.base}/signin`, { headers: proto })).headers.get("strict-transport-security"),
      ).toBeNull();
    } finally {
      await Promise.all([viaAppUrl.close(), viaProxy.close(), untrusted.close()]);
    }
  });
});

describe("health", () => {
  it("answers other methods 405 in the envelope with Allow", async () => {
    const res = await health.POST(new Request("http://localhost/api/health", { method: "POST" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    const body = (await res.json()) as { error: { code: string }; meta: { requestId: string } };
    expect(body.error.code).toBe("method_not_allowed");
    expect(body.meta.requestId).toBe(res.headers.get("x-request-id"));
  });
});

describe("large answers", () => {
  it("a body up to 256 kB (a transactions page is ~74 kB) goes out in one write, with no wait for the client to drain it", async () => {
    const writes: boolean[] = [];
    const server = createAppServer(
      (_req, res) => {
        // Next writes a route's body as one chunk and, when write() says the buffer is full, waits for
        // 'drain' before it ends the answer: one more turn of the event loop on every large answer.
        writes.push(res.write(Buffer.alloc(200_000, "a")));
        res.end();
      },
      { appUrlHttps: false, proxies: [], dev: false, formTargets: [] },
    );
    const { origin, close } = await listenOnLoopback(server);
    try {
      const res = await fetch(`${origin}/api/large`);
      expect((await res.arrayBuffer()).byteLength).toBe(200_000);
      expect(writes).toEqual([true]);
    } finally {
      await close();
    }
  });
});
