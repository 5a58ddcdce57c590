// The HTTP server around Next.js. Its listener (lib/server/direct-api.ts) records the socket peer
// in `x-ll-peer` for the rate limiter (X-Forwarded-For is trusted only from TRUSTED_PROXIES).
//
// In production, API requests that a route-kernel handler owns are served by the direct lane,
// which calls the handler Next built without Next's per-request machinery; everything else, and
// everything in dev, goes through Next. DIRECT_API=0 turns the lane off.
import http from "node:http";
import path from "node:path";
import next from "next";
import { buildOutputSource, compileRoutes, createDirectApi, readAppPathsManifest, requestListener } from "@/lib/server/direct-api";

export async function serveNext(options: { dev: boolean; port: number; hostname?: string }) {
  const app = next({ dev: options.dev, dir: process.cwd(), port: options.port, hostname: options.hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const distDir = path.join(process.cwd(), ".next");
  const direct =
    options.dev || process.env.DIRECT_API === "0"
      ? null
      : createDirectApi(compileRoutes(readAppPathsManifest(distDir)), buildOutputSource(distDir));
  const server = http.createServer(requestListener(direct, handle));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, resolve));
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
