// Node's http server ignores what a listener returns, so an async listener's rejection would be an
// unhandled one that leaves the request hanging. This answers 500 with the error instead, and the test
// that made the call sees it.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

export function asyncListener(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): RequestListener {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  };
}
