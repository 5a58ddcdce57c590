// The HTTP server around Next.js. Its listener (lib/server/direct-api.ts) records the socket peer
// in `x-ll-peer` for the rate limiter (X-Forwarded-For is trusted only from TRUSTED_PROXIES).
//
// In production, API requests that a route-kernel handler owns are served by the direct lane,
// which calls the handler Next built without Next's per-request machinery; everything else, and
// everything in dev, goes through Next. DIRECT_API=0 turns the lane off.
import path from "node:path";
import next from "next";
import {
  buildHasMiddleware,
  buildOutputSource,
  compileRoutes,
  createDirectApi,
  readAppPathsManifest,
  requestListener,
  type DirectApi,
} from "@/lib/server/direct-api";
import { createAppServer, headerOptionsFromEnv } from "@/lib/server/http-server";
import { withGoCardlessFake } from "@/lib/gocardless-fake/mount";

export async function serveNext(options: { dev: boolean; port: number; hostname?: string }) {
  const app = next({
    dev: options.dev,
    dir: process.cwd(),
    port: options.port,
    hostname: options.hostname ?? "localhost",
  });
  // The local fake GoCardless (GOCARDLESS_FAKE=1) answers its own paths before Next sees them.
  const handle = withGoCardlessFake(app.getRequestHandler());
  await app.prepare();
  const distDir = path.join(process.cwd(), ".next");
  let direct: DirectApi | null = null;
  if (!options.dev && process.env.DIRECT_API !== "0" && buildHasMiddleware(distDir)) {
    process.stderr.write("direct API lane: off, because the build has a middleware/proxy that it would skip\n");
  } else if (!options.dev && process.env.DIRECT_API !== "0") {
    const routes = compileRoutes(readAppPathsManifest(distDir));
    const source = buildOutputSource(distDir);
    // If a Next.js upgrade changed its build output, say so rather than silently losing the lane.
    const probe = routes.find((r) => r.pattern === "/api/scopes/v1/route");
    if (probe && (await source(probe, "GET"))) direct = createDirectApi(routes, source);
    else
      process.stderr.write(
        "direct API lane: kernel handlers not found in .next; every request goes through Next.js (slower)\n",
      );
  }
  // Security headers, the early 413 and Node's own errors in the envelope, on both lanes and for pages.
  const server = createAppServer(requestListener(direct, handle), headerOptionsFromEnv(options.dev));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, resolve));
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
