// The one log line and the metrics of an API request, written once its answer is on its way: a
// request's line and counters cost its caller no latency (they were ~0.1 ms of the transactions
// page's time, on a loaded machine). What they say is settled when the kernel finishes.
import "server-only";
import { log } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/http";
import type { CredentialSource } from "@/lib/auth/principal-cache";

export type RequestOutcome = {
  ms: number;
  /** Undefined when no answer was made (a 500 for the metrics). */
  status: number | undefined;
  principal: string | null;
  /** Logged at error level with its stack and causes when set. */
  failure: unknown;
  /** Where the credentials were checked (lib/api/authenticate.ts); undefined without credentials. */
  auth?: CredentialSource;
};

export function logRequest(method: string, template: string, path: string, requestId: string, outcome: RequestOutcome) {
  const { ms, status, principal, failure, auth } = outcome;
  setImmediate(() => {
    observeRequest(method, template, status ?? 500, ms, auth);
    (failure === undefined ? log.info : log.error)("api", {
      requestId,
      method,
      path,
      status,
      ms: Math.round(ms * 10) / 10,
      principal,
      ...(failure === undefined ? {} : { error: failure }),
    });
  });
}
