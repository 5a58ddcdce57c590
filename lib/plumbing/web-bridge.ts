// Node's http request → a web Request, and a web Response's status and headers → Node's response:
// the bridge every node:http server around a web handler needs — the banks' (sandbox/shared/node-http.ts)
// and the test servers standing in for Next (lib/server/web-io.ts). Each writes the body its own way.
// Generic machinery both sides run (see lib/plumbing/run-until-signal.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

/**
 * A WHATWG Request for a Node request at `url`; the body streams through for writes. Headers come
 * from the parsed `req.headers`, where the server has already replaced anything a client may not set.
 */
export function toWebRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM typings lack it.
    duplex: hasBody ? "half" : undefined,
  });
}

/** Sets the Response's status and headers on Node's response, keeping every Set-Cookie apart. */
export function writeResponseHead(res: ServerResponse, response: Response): void {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
}
