// The direct lane for API routes. Next's production server spends about 2 ms on every route
// handler request on this machine before our code runs (routing, request and response adapters,
// async storage, tracing), three times what the hottest query costs. Our API handlers are built
// by the route kernel and are plain Request → Response functions that use no Next.js request
// context, so the HTTP server (scripts/serve.ts) calls them directly:
//
// - The routes come from Next's own build output (app-paths-manifest.json), and each handler is
//   taken from the very module instance Next loads (`routeModule.userland`), so there is one copy
//   of every module, pool and cache.
// - Only handlers marked by the kernel (`isKernelHandler`) are dispatched, and only for the methods
//   a route file exports. Everything else (pages, Auth.js, HEAD/OPTIONS, trailing slashes, paths
//   with encoded slashes or empty segments, any route that fails to load) goes to Next unchanged.
// - Precedence follows Next's: at the first segment where two patterns differ, a static segment
//   beats a dynamic one, which beats a catch-all.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { isKernelHandler } from "@/lib/api/route";
import { toWebRequest, writeWebResponse } from "@/lib/server/web-io";

// Also here for the fakes that mount their handlers like the lane does (lib/gocardless-fake/mount.ts).
export { toWebRequest, writeWebResponse };

type Segment =
  { kind: "static"; value: string } | { kind: "dynamic"; name: string } | { kind: "catchAll"; name: string };
export type RoutePattern = { pattern: string; segments: Segment[]; file: string };
export type RouteMatch = { route: RoutePattern; params: Record<string, string | string[]> };

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const RANK = { static: 0, dynamic: 1, catchAll: 2 } as const;

function parsePattern(pattern: string, file: string): RoutePattern | null {
  // "/api/accounts/[id]/route" → segments; route groups "(x)" vanish from the URL.
  const parts = pattern
    .replace(/\/route$/, "")
    .split("/")
    .filter(Boolean)
    .filter((p) => !/^\(.*\)$/.test(p));
  const segments: Segment[] = [];
  for (const part of parts) {
    if (/^\[\[\.\.\..+\]\]$/.test(part)) return null; // optional catch-all: left to Next
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(part);
    const dynamic = /^\[(.+)\]$/.exec(part);
    if (catchAll) segments.push({ kind: "catchAll", name: catchAll[1] });
    else if (dynamic) segments.push({ kind: "dynamic", name: dynamic[1] });
    else segments.push({ kind: "static", value: part });
  }
  return { pattern, segments, file };
}

function compare(a: RoutePattern, b: RoutePattern): number {
  const n = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i += 1) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (!x || !y) return x ? -1 : 1;
    if (RANK[x.kind] !== RANK[y.kind]) return RANK[x.kind] - RANK[y.kind];
  }
  return 0;
}

/** The route table, most specific first. Only route patterns under `prefix` are kept. */
export function compileRoutes(manifest: Record<string, string>, prefix = "/api/"): RoutePattern[] {
  const routes: RoutePattern[] = [];
  for (const [pattern, file] of Object.entries(manifest)) {
    if (!pattern.endsWith("/route") || !pattern.startsWith(prefix)) continue;
    const parsed = parsePattern(pattern, file);
    if (parsed) routes.push(parsed);
  }
  return routes.sort(compare);
}

function decodeSegment(raw: string): string | null {
  try {
    const value = decodeURIComponent(raw);
    return value.includes("/") ? null : value;
  } catch {
    return null;
  }
}

/** null when no route matches or the path is one Next should normalise itself. */
export function matchRoute(routes: RoutePattern[], pathname: string, prefix = "/api/"): RouteMatch | null {
  if (!pathname.startsWith(prefix) || pathname.endsWith("/") || pathname.includes("//")) return null;
  const raw = pathname.slice(1).split("/");
  const parts: string[] = [];
  for (const part of raw) {
    const decoded = decodeSegment(part);
    if (decoded === null || decoded === "." || decoded === "..") return null;
    parts.push(decoded);
  }
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    let i = 0;
    for (; i < route.segments.length && ok; i += 1) {
      const segment = route.segments[i];
      if (segment.kind === "catchAll") {
        if (i >= parts.length) ok = false;
        else params[segment.name] = parts.slice(i);
        i = parts.length;
        break;
      }
      if (i >= parts.length) ok = false;
      else if (segment.kind === "static") ok = segment.value === raw[i];
      else params[segment.name] = parts[i];
    }
    if (ok && i === parts.length) return { route, params };
  }
  return null;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModuleExports = {
  routeModule?: { ensureUserland?: () => Promise<void>; userland?: Record<string, unknown> };
};

/** Resolves a route file's exported handler for a method, or null when the kernel does not own it. */
export type HandlerSource = (route: RoutePattern, method: string) => Promise<Handler | null>;

/** Handlers from Next's production build, from the same module instance Next itself requires. */
export function buildOutputSource(distDir: string): HandlerSource {
  const requireFromHere = createRequire(path.join(distDir, "server", "noop.js"));
  const modules = new Map<string, Promise<Record<string, unknown> | null>>();
  const load = (file: string) => {
    let loaded = modules.get(file);
    if (!loaded) {
      loaded = (async () => {
        const exports = requireFromHere(path.join(distDir, "server", file)) as RouteModuleExports;
        const routeModule = exports.routeModule;
        if (!routeModule?.ensureUserland) return null;
        await routeModule.ensureUserland();
        return routeModule.userland ?? null;
      })().catch(() => null);
      modules.set(file, loaded);
    }
    return loaded;
  };
  return async (route, method) => {
    const userland = await load(route.file);
    const handler = userland?.[method];
    return isKernelHandler(handler) ? handler : null;
  };
}

export function readAppPathsManifest(distDir: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(distDir, "server", "app-paths-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
}

/**
 * True when the build has a middleware or proxy (middleware.ts / proxy.ts). The lane would skip it,
 * so the server then sends everything through Next.
 */
export function buildHasMiddleware(distDir: string): boolean {
  const read = (file: string): Record<string, unknown> => {
    try {
      return JSON.parse(readFileSync(path.join(distDir, "server", file), "utf8")) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const middleware = read("middleware-manifest.json");
  const functions = (read("functions-config-manifest.json").functions ?? {}) as Record<string, unknown>;
  return (
    Object.keys(middleware.middleware ?? {}).length > 0 ||
    ((middleware.sortedMiddleware ?? []) as unknown[]).length > 0 ||
    Object.keys(functions).some((name) => /middleware|proxy/.test(name))
  );
}

export type DirectApi = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * Returns a function that serves the request when a kernel handler owns it (true), or leaves the
 * request untouched for Next (false).
 */
export function createDirectApi(routes: RoutePattern[], source: HandlerSource): DirectApi {
  return async (req, res) => {
    const started = performance.now();
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    if (!METHODS.has(method) || !target.startsWith("/api/")) return false;
    let url: URL;
    try {
      url = new URL(target, `http://${req.headers.host ?? "localhost"}`);
    } catch {
      return false;
    }
    const match = matchRoute(routes, url.pathname);
    if (!match) return false;
    const handler = await source(match.route, method);
    if (!handler) return false;
    let response: Response;
    try {
      response = await handler(toWebRequest(req, url), { params: Promise.resolve(match.params) });
    } catch {
      // The kernel answers every error itself; reaching here means the adapter failed.
      response = new Response(LANE_FAILED, {
        status: 500,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    // Server-Timing (W3C): the time spent in the server, for callers measuring latency; it also
    // shows which lane answered (Next does not send it).
    res.setHeader("server-timing", `app;dur=${(performance.now() - started).toFixed(2)}`);
    await writeWebResponse(res, response, method, req.headers["accept-encoding"]);
    return true;
  };
}

const LANE_FAILED = JSON.stringify({
  error: { code: "server_error", message: "Something went wrong on our side. Retry with backoff." },
  meta: {},
});

/**
 * The server's request listener: records the socket peer in `x-ll-peer` (replacing any value a
 * client sent; the rate limiter trusts only this), then tries the direct lane, then Next.
 */
export function requestListener(
  direct: DirectApi | null,
  next: (req: IncomingMessage, res: ServerResponse) => unknown,
): RequestListener {
  return (req, res) => {
    req.headers["x-ll-peer"] = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    if (!direct) {
      void next(req, res);
      return;
    }
    direct(req, res).then(
      (served) => {
        if (!served) void next(req, res);
      },
      (error: unknown) => {
        process.stderr.write(`direct API lane failed: ${(error as Error)?.message ?? String(error)}\n`);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.statusCode = 500;
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(LANE_FAILED);
      },
    );
  };
}
