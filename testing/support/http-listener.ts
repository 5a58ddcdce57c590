// Node's http server ignores what a listener returns, so an async listener's rejection would be an
// unhandled one that leaves the request hanging. This answers 500 with the error instead, and the test
// that made the call sees it. And: a test server on a free loopback port.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export function asyncListener(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>): RequestListener {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  };
}

export type Listening = { origin: string; port: number; close: () => Promise<void> };

/** Listens on 127.0.0.1 at a port the system picks; `close` stops the server. */
export async function listenOnLoopback(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
