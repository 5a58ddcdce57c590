// The HTTP server around Next.js (lib/server/http-server.ts): the socket peer for the rate limiter,
// security headers on every answer, Server-Timing on API answers, the early 413, and Node's own
// refusals in the envelope. Every request, API or page, is then Next's.
import next from "next";
import { createAppServer, headerOptionsFromEnv } from "@/lib/server/http-server";

export async function serveNext(options: { dev: boolean; port: number; hostname?: string }) {
  const app = next({
    dev: options.dev,
    dir: process.cwd(),
    port: options.port,
    hostname: options.hostname ?? "localhost",
  });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createAppServer((req, res) => void handle(req, res), headerOptionsFromEnv(options.dev));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, resolve));
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
