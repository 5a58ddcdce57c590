// The HTTP server around Next.js. It records the socket peer in `x-ll-peer` (dropping any value a
// client sent) so the rate limiter knows the real client address; X-Forwarded-For is trusted only
// from TRUSTED_PROXIES (lib/api/rate-limit.ts).
import http from "node:http";
import next from "next";

export async function serveNext(options: { dev: boolean; port: number; hostname?: string }) {
  const app = next({ dev: options.dev, dir: process.cwd(), port: options.port, hostname: options.hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    const peer = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    req.headers["x-ll-peer"] = peer;
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, resolve));
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
