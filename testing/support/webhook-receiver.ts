// A webhook receiver for tests: a local HTTP listener that records every message (headers and raw
// body) and answers the statuses it is told, in turn (then 204), so a test sees retries, redirects.
import { createServer } from "node:http";
import { asyncListener, listenOnLoopback, type Listening } from "@/testing/support/http-listener";

export type Received = { headers: Record<string, string>; body: string; path: string };

export async function webhookReceiver() {
  const received: Received[] = [];
  const answers: { status: number; headers?: Record<string, string> }[] = [];
  const server = createServer(
    asyncListener(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8"), path: req.url ?? "" });
      const answer = answers.shift() ?? { status: 204 };
      res.writeHead(answer.status, answer.headers);
      res.end(answer.status >= 500 ? "receiver failed" : "");
    }),
  );
  const listening: Listening = await listenOnLoopback(server);
  return {
    url: `${listening.origin}/hook`,
    received,
    /** The next answers, in order; afterwards 204. */
    answer: (...next: { status: number; headers?: Record<string, string> }[]) => answers.push(...next),
    close: listening.close,
  };
}
