// Security headers for every answer the server gives: pages, Next's assets, API answers on either
// lane. Set by the server's listener before anything else runs (see
// lib/server/http-server.ts), so no path can miss them, and without a Next middleware, which
// would turn the direct API lane off.
//
// Pages get a strict CSP with a fresh nonce per request: the listener also writes that policy into
// the *request's* Content-Security-Policy header, where Next's renderer reads the nonce and puts it
// on every script it emits (the same mechanism a middleware would use). 'strict-dynamic' lets those
// scripts load Next's chunks. API answers get a policy that allows nothing (they are data).
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

export type HeaderOptions = {
  /** APP_URL's origin is https: always send HSTS. */
  appUrlHttps: boolean;
  /** Socket peers whose X-Forwarded-Proto is believed. */
  proxies: string[];
  /** next dev: React's dev runtime needs eval and the HMR websocket. */
  dev: boolean;
  /** Origins a form of ours may end up redirecting to, besides our own (RETURN_URL_ALLOWLIST). */
  formTargets: string[];
  /** Origins the bank picker's logos come from (lib/server/bank-logo-origins.ts), besides our own. */
  imageSources?: string[];
};

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const HSTS = "max-age=31536000; includeSubDomains";

function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function pageCsp(nonce: string, options: Pick<HeaderOptions, "dev" | "formTargets" | "imageSources">): string {
  const script = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(options.dev ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    // React writes style attributes; Tailwind's CSS is a same-origin file.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", "data:", "blob:", ...(options.imageSources ?? [])].join(" ")}`,
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${["'self'", ...options.formTargets].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Served over https: APP_URL says so, or a trusted proxy in front says the client used https. */
function isHttps(req: IncomingMessage, options: Pick<HeaderOptions, "appUrlHttps" | "proxies">): boolean {
  if (options.appUrlHttps) return true;
  const peer = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  if (!options.proxies.includes(peer)) return false;
  const proto = req.headers["x-forwarded-proto"];
  return (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** Data, not documents: the kernel's API. */
function isApiPath(url: string): boolean {
  return url.startsWith("/api/") || url === "/api";
}

/**
 * The response headers for this request, and for pages the CSP to hand to Next in the request
 * (null for API paths: any client-sent one is dropped).
 */
export function securityHeaders(
  req: IncomingMessage,
  options: HeaderOptions,
): { response: Record<string, string>; requestCsp: string | null } {
  const api = isApiPath(req.url ?? "/");
  const csp = api ? API_CSP : pageCsp(newNonce(), options);
  const response: Record<string, string> = {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (isHttps(req, options)) response["strict-transport-security"] = HSTS;
  return { response, requestCsp: api ? null : csp };
}
