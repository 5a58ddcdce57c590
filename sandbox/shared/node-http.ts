// Node request → web Request and web Response → Node response, for the banks' node:http servers
// (sandbox/server.ts, and the servers tests start in-process). The banks' handlers are web
// Request → Response; this is all the framework they need.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/** A WHATWG Request for a Node request, its body streamed through. */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM typings lack it.
    duplex: hasBody ? "half" : undefined,
  });
}

/** Writes a web Response to Node's response, keeping every Set-Cookie. */
export async function writeWebResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const body = response.body && method !== "HEAD" ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) res.setHeader("content-length", body.length);
  res.end(body ?? undefined);
}

/**
 * A node:http listener around a web handler. `origin` is what request URLs are resolved against
 * (the banks' public origin). A handler that throws answers 500 instead of leaving the request open.
 */
export function webListener(
  origin: () => string,
  handle: (request: Request) => Promise<Response>,
  onError: (error: unknown, req: IncomingMessage) => void,
): RequestListener {
  return (req, res) => {
    const method = req.method ?? "GET";
    handle(toWebRequest(req, origin()))
      .then((response) => writeWebResponse(res, response, method))
      .catch((error: unknown) => {
        onError(error, req);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("The bank failed.");
        else res.destroy();
      });
  };
}
