// One webhook request: POST the signed body to the address lib/webhooks/ssrf.ts checked (the socket
// connects there, the Host header and TLS name stay the URL's), give up after 5 s, read at most
// 64 KiB of the answer, never follow a redirect (a 3xx is a failure: the target could be our own
// network). Success is a 2xx.
import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Target } from "@/lib/webhooks/ssrf";

export const SEND_TIMEOUT_MS = 5_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

export type SendResult = { ok: boolean; status: number | null; latencyMs: number; error: string | null };

export function send(target: Target, body: string, headers: Record<string, string>): Promise<SendResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (typeof options === "object" && options.all)
      callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = error === null && status !== null && status >= 200 && status < 300;
      resolve({ ok, status, latencyMs: Math.round(performance.now() - started), error });
    };
    const request = client.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        headers: { "content-type": "application/json", "user-agent": "Ledgerlink-Webhooks/1", ...headers },
      },
      (response) => {
        const status = response.statusCode ?? null;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Enough of the answer: what a receiver says beyond 64 KiB is not read.
          if (read >= MAX_RESPONSE_BYTES) {
            response.destroy();
            done(status, status !== null && status >= 300 && status < 400 ? "Redirects are not followed." : null);
          }
        });
        response.on("end", () =>
          done(status, status !== null && status >= 300 && status < 400 ? "Redirects are not followed." : null),
        );
        response.on("error", (error) => done(status, `The answer broke off: ${error.message}`));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done(null, `No answer within ${SEND_TIMEOUT_MS / 1000} s.`);
    }, SEND_TIMEOUT_MS);
    request.on("error", (error) => done(null, `Could not deliver: ${error.message}`));
    request.end(body);
  });
}
