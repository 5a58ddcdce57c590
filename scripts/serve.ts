// The web server process (started by `npm start`'s launcher, scripts/start.ts) on PORT at HOST (every
// interface when unset): Next.js behind our HTTP layer (lib/server/http-server.ts: the socket peer for
// the rate limiter, whether the caller is on this machine for the metrics rule, security headers, the
// arrival stamp for Server-Timing, the early 413, Node's own refusals in the envelope). Every
// request, API or page, is then Next's, and every stateful module (pools, the queue, limiters) lives
// in Next's bundle: this file and lib/server/ hold none
// (testing/integration/server/import-closure.test.ts).
// On SIGTERM/SIGINT it stops taking connections, lets the requests in flight finish (up to 10 s)
// and exits; the launcher stops the database after it.
import { trace } from "@opentelemetry/api";
import next from "next";
import { env } from "@/lib/env";
import { createAppServer, headerOptionsFromEnv } from "@/lib/server/http-server";

const DRAIN_MS = 10_000;
const FLUSH_MS = 2000;

/**
 * Sends the spans still batched before the process exits. The SDK is Next's (instrumentation.ts,
 * lib/tracing/sdk.ts), reached through the OpenTelemetry API's global provider; a no-op without one.
 */
async function flushTraces(): Promise<void> {
  const proxy = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const provider = (proxy.getDelegate?.() ?? proxy) as { forceFlush?: () => Promise<void> };
  if (!provider.forceFlush) return;
  await Promise.race([provider.forceFlush().catch(() => undefined), new Promise((r) => setTimeout(r, FLUSH_MS))]);
}

async function main() {
  const dev = process.argv.includes("--dev");
  const port = Number(process.env.PORT ?? 3000);
  const app = next({ dev, dir: process.cwd(), port, hostname: "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createAppServer((req, res) => void handle(req, res), headerOptionsFromEnv(dev));
  server.keepAliveTimeout = 65_000;
  // A port already taken fails the start (exit 1), not an uncaught error that left the process to end with 0.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // HOST unset: every interface, as Node listens by default.
    server.listen(port, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });

  let draining = false;
  const drain = () => {
    if (draining) return;
    draining = true;
    const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    server.close(() => {
      clearTimeout(force);
      void flushTraces().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", drain);
  process.on("SIGINT", drain);
  process.send?.({ ready: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
