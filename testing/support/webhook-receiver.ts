// A webhook receiver for tests: a local HTTP listener that records every message (headers and raw
// body) and answers the statuses it is told, in turn (then 204), so a test sees retries, redirects.
import { createServer } from "node:http";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import type { WebhookEventType } from "@/lib/webhooks/events";
import { personActor } from "@/testing/support/audit";
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

/** The receivers' host, allowed as WEBHOOK_ALLOWED_HOSTS would allow it. */
export const RECEIVER_HOSTS = ["127.0.0.1"];

/** An endpoint of the person's scope, created by them, that sends `events` to a local receiver's `url`. */
export const endpointAt = (
  url: string,
  person: { scopeId: string; userId: string },
  events: WebhookEventType[],
  description?: string,
) =>
  createEndpoint({
    scopeId: person.scopeId,
    url,
    events,
    description,
    actor: personActor(person.userId),
    allowedHosts: RECEIVER_HOSTS,
  });
