// The banks' node:http listener (sandbox/server.ts, and the servers tests start in-process): their
// handlers are web Request → Response, bridged to Node by lib/plumbing/web-bridge.ts; this is all
// the framework they need.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { toWebRequest, writeResponseHead } from "@/lib/plumbing/web-bridge";

/** Writes a web Response to Node's response whole, with its length. */
async function writeWebResponse(res: ServerResponse, response: Response, method: string): Promise<void> {
  writeResponseHead(res, response);
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
    handle(toWebRequest(req, new URL(req.url ?? "/", origin())))
      .then((response) => writeWebResponse(res, response, method))
      .catch((error: unknown) => {
        onError(error, req);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end("The bank failed.");
        else res.destroy();
      });
  };
}
