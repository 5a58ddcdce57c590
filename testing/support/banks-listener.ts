// The loopback port a test process's banks are served on, taken before any of the product's modules
// load (testing/support/setup-env.ts), so the app is configured with the banks' origin the way
// production is: SANDBOX_BANK_URL and the aggregators' API URLs in the environment lib/env.ts reads.
// The banks themselves start with the first test that uses them (banks-server.ts); until then, and
// after the last, a connection is dropped at once, as a bank that is not running would refuse it.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type BanksListener = {
  origin: string;
  /** Serves requests with `handler` from now on; `null`: drops every connection again. */
  serve(handler: http.RequestListener | null): void;
};

let reserved: BanksListener | null = null;

/** Listens on a free loopback port for this process's banks; the port stays this process's until it exits. */
export async function reserveBanksListener(): Promise<BanksListener> {
  if (reserved) return reserved;
  let handler: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handler) handler(req, res);
    else res.socket?.destroy();
  });
  server.on("connection", (socket) => {
    if (!handler) socket.destroy();
  });
  // An idle keep-alive connection is closed by the client (fetch, after its own few seconds), never
  // by Node's 5 s server timeout: that one could close a connection just as fetch reused it after a
  // long pause (standby.integration.test.ts's teardown before the bank's clock reset: ECONNRESET).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Never what keeps a test process alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  reserved = {
    origin: `http://127.0.0.1:${port}`,
    serve(next) {
      handler = next;
      // Keep-alive connections made while the banks ran end with them.
      if (!next) server.closeAllConnections();
    },
  };
  return reserved;
}

/** This process's banks listener (setup-env.ts reserved it). */
export function banksListener(): BanksListener {
  if (!reserved) throw new Error("No banks listener: testing/support/setup-env.ts reserves it before the tests load");
  return reserved;
}

/** The origin of this process's banks listener, or null when none was reserved (not under Vitest). */
export const reservedBanksOrigin = (): string | null => reserved?.origin ?? null;
