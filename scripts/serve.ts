// The HTTP server around Next.js. It records the socket peer in `x-ll-peer` (dropping any value a
// client sent) so the rate limiter knows the real client address; X-Forwarded-For is trusted only
// from TRUSTED_PROXIES (lib/api/rate-limit.ts).
//
// In production, API requests that a route-kernel handler owns are served by the direct lane
// (lib/server/direct-api.ts), which calls the handler Next built without Next's per-request
// machinery; everything else, and everything in dev, goes through Next. DIRECT_API=0 turns the lane off.
import http from "node:http";
import path from "node:path";
import next from "next";
import { buildOutputSource, compileRoutes, createDirectApi, readAppPathsManifest, type DirectApi } from "@/lib/server/direct-api";

export async function serveNext(options: { dev: boolean; port: number; hostname?: string }) {
  const app = next({ dev: options.dev, dir: process.cwd(), port: options.port, hostname: options.hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  let direct: DirectApi | null = null;
  if (!options.dev && process.env.DIRECT_API !== "0") {
    const distDir = path.join(process.cwd(), ".next");
    direct = createDirectApi(compileRoutes(readAppPathsManifest(distDir)), buildOutputSource(distDir));
  }
  const server = http.createServer((req, res) => {
    const peer = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    req.headers["x-ll-peer"] = peer;
    if (!direct) {
      void handle(req, res);
      return;
    }
    direct(req, res).then(
      (served) => {
        if (!served) void handle(req, res);
      },
      (error: unknown) => {
        process.stderr.write(`direct API lane failed: ${(error as Error)?.message ?? error}\n`);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader("content-type", "application/json; charset=utf-8");
          res.end(JSON.stringify({ error: { code: "server_error", message: "Something went wrong on our side. Retry with backoff." }, meta: {} }));
        } else {
          res.destroy();
        }
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, resolve));
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
