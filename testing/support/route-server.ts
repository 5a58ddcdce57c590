// App route modules behind a Node request listener, for integration tests that need a real HTTP
// server around our own routes (the server's hardening tests).
// Next routes these in the app; here a small table does, static segments before dynamic ones.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Handler } from "@/lib/api/route";
import { toWebRequest } from "@/lib/plumbing/web-bridge";
import { writeWebResponse } from "@/lib/server/web-io";

export type RouteModule = Partial<Record<string, unknown>>;
type Route = { pattern: RegExp; names: string[]; dynamic: number; module: RouteModule };

/** "/api/x/[id]/route" → a matcher for "/api/x/<id>"; route groups "(x)" vanish from the URL. */
function compile(file: string, module: RouteModule): Route {
  const names: string[] = [];
  const parts = file
    .replace(/\/route$/, "")
    .split("/")
    .filter((p) => p && !/^\(.*\)$/.test(p))
    .map((part) => {
      const dynamic = /^\[(.+)\]$/.exec(part);
      if (!dynamic) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(dynamic[1]);
      return "([^/]+)";
    });
  return { pattern: new RegExp(`^/${parts.join("/")}$`), names, dynamic: names.length, module };
}

/**
 * Serves the modules' handlers (keyed by their app path, e.g. "/api/scopes/v1/route"); resolves
 * with the answer's status, or null when no route and method match (the request is left alone).
 */
export function routeListener(modules: Record<string, RouteModule>) {
  const routes = Object.entries(modules)
    .map(([file, module]) => compile(file, module))
    .sort((a, b) => a.dynamic - b.dynamic);
  return async (req: IncomingMessage, res: ServerResponse): Promise<number | null> => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    for (const route of routes) {
      const match = route.pattern.exec(url.pathname);
      const handler = match ? route.module[req.method ?? "GET"] : undefined;
      if (!match || typeof handler !== "function") continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      const response = await (handler as Handler)(toWebRequest(req, url), { params: Promise.resolve(params) });
      await writeWebResponse(res, response, req.method ?? "GET");
      return response.status;
    }
    return null;
  };
}
