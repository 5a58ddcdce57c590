// The HTTP server itself: it records the socket peer in `x-ll-peer` for the rate limiter and whether
// the caller is on this machine in `x-ll-local` for the metrics rule (lib/server/local-caller.ts), both
// replacing any value a client sent (X-Forwarded-For is trusted only from TRUSTED_PROXIES), every answer
// carries the security headers (lib/server/security-headers.ts), it stamps each request's arrival
// for the API's Server-Timing (lib/api/timing.ts), a declared body over BODY_LIMIT_BYTES (a statement upload's own cap
// for its route) is refused before any handler runs, and what Node answers
// on its own before the app (a request line + headers over 16 KiB → 431, a malformed request → 400,
// a request not received in time → 408) is written in the envelope with a request id too.
//
// It runs in the web server process beside the Next bundle, outside it: so it holds no state and
// imports only modules that hold none (a test checks its import closure), and every singleton of
// the process (pools, the queue, limiters) is the bundle's alone.
import { randomUUID } from "node:crypto";
import http, { STATUS_CODES, type RequestListener } from "node:http";
import type { Duplex } from "node:stream";
import { bodyLimitBytes } from "@/lib/api/body";
import { bodyCapFor } from "@/lib/api/upload-limits";
import type { ErrorCode } from "@/lib/errors";
import { errorBody } from "@/lib/api/response";
import { RECEIVED_HEADER } from "@/lib/api/timing";
import { bankLogoOrigins } from "@/lib/server/bank-logo-origins";
import { appUrl, returnUrlAllowlist, trustedProxies } from "@/lib/env";
import { isLocalCaller, LOCAL_HEADER } from "@/lib/server/local-caller";
import { REQUESTED_PATH_HEADER } from "@/lib/server/requested-path";
import { API_CSP, securityHeaders, type HeaderOptions } from "@/lib/server/security-headers";

/** Node's limit for the request line and headers together (a URL of ~16 KB reaches it). */
const MAX_HEADER_BYTES = 16 * 1024;

export function headerOptionsFromEnv(dev: boolean): HeaderOptions {
  const own = new URL(appUrl()).origin;
  return {
    appUrlHttps: own.startsWith("https:"),
    proxies: trustedProxies(),
    dev,
    formTargets: returnUrlAllowlist().filter((o) => o !== own),
    imageSources: bankLogoOrigins().filter((o) => o !== own),
  };
}

function envelopeText(code: ErrorCode, message: string) {
  const requestId = `req_${randomUUID().replace(/-/g, "")}`;
  return { requestId, text: JSON.stringify(errorBody(code, message, requestId)) };
}

/** Wraps the app's listener: peer, security headers, timing, then the early body-size refusal. */
function hardened(listener: RequestListener, options: HeaderOptions, limit = bodyLimitBytes()): RequestListener {
  return (req, res) => {
    // These replace whatever a client sent: the rate limiter's peer, whether the caller is local (read
    // before Next adds its own X-Forwarded-For), the path asked for, and the arrival for Server-Timing.
    req.headers["x-ll-peer"] = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    req.headers[LOCAL_HEADER] = isLocalCaller(req.socket.remoteAddress, req.headers, options.proxies) ? "1" : "0";
    req.headers[REQUESTED_PATH_HEADER] = req.url ?? "/";
    req.headers[RECEIVED_HEADER] = performance.now().toFixed(3);
    const { response, requestCsp } = securityHeaders(req, options);
    for (const [name, value] of Object.entries(response)) res.setHeader(name, value);
    if (requestCsp) req.headers["content-security-policy"] = requestCsp;
    else delete req.headers["content-security-policy"];
    const declared = Number(req.headers["content-length"] ?? "NaN");
    // A statement upload streams its body to storage and has its own cap (lib/statements/limits.ts).
    const cap = bodyCapFor(req.method, req.url, limit);
    if (Number.isFinite(declared) && declared > cap) {
      const { requestId, text } = envelopeText(
        "payload_too_large",
        `The request body is larger than ${cap} bytes; send less.`,
      );
      res.writeHead(413, {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        "x-request-id": requestId,
        connection: "close",
      });
      res.end(text);
      return;
    }
    listener(req, res);
  };
}

const CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    "request_header_too_large",
    `The request line and headers are over ${MAX_HEADER_BYTES} bytes; shorten the URL or the headers.`,
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout", "The request was not received in time; send it again."],
};

/** Node's answer to a request it could not parse, in the envelope instead of a bare status line. */
function clientErrorResponse(code: string | undefined): string {
  const [status, errorCode, message] = CLIENT_ERRORS[code ?? ""] ?? [
    400,
    "bad_request",
    "The request is not valid HTTP.",
  ];
  const { requestId, text } = envelopeText(errorCode, message);
  const headers = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(text)}`,
    "cache-control: no-store",
    `x-request-id: ${requestId}`,
    `content-security-policy: ${API_CSP}`,
    "x-content-type-options: nosniff",
    "x-frame-options: DENY",
    "referrer-policy: strict-origin-when-cross-origin",
    "connection: close",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${text}`;
}

/**
 * A socket's buffer, each way. Next writes a route's body as one chunk and waits for 'drain' when
 * write() reports the buffer full, before it ends the answer; at Node's default 16 kB that is every
 * transactions page (~74 kB at 100 rows), one more turn of the event loop each. Backpressure still
 * holds above this size (a streamed CSV waits for a slow client after 256 kB instead of 16 kB).
 */
const SOCKET_BUFFER_BYTES = 256 * 1024;

export function createAppServer(listener: RequestListener, options: HeaderOptions): http.Server {
  const server = http.createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, highWaterMark: SOCKET_BUFFER_BYTES },
    hardened(listener, options),
  );
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away, or a socket already answering, gets nothing more.
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code));
  });
  return server;
}
