// Retries with exponential backoff (full jitter), honouring Retry-After.
// GET and POST (which always carry an Idempotency-Key) retry on 429/500/502/503 and network errors;
// PATCH and DELETE retry only on 429, which the server sends before doing anything.

export type RetryOptions = {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff step in ms (default 250); doubles each retry. */
  baseDelayMs?: number;
  /** Upper bound for one wait (default 30 s); a longer Retry-After is not waited out: the error is returned. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const RETRYABLE_STATUS = new Set([429, 500, 502, 503]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get("retry-after");
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function backoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

function mayRetry(method: string, status: number | "network"): boolean {
  if (method === "GET" || method === "POST") return status === "network" || RETRYABLE_STATUS.has(status);
  return status === 429;
}

export async function sendWithRetry(
  send: () => Promise<Response>,
  method: string,
  options: RetryOptions = {},
): Promise<Response> {
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;

  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      if (attempt >= maxRetries || !mayRetry(method, "network")) throw error;
      await sleep(backoffMs(attempt, baseDelayMs, maxDelayMs));
      continue;
    }
    if (attempt >= maxRetries || !mayRetry(method, response.status)) return response;
    const hinted = retryAfterMs(response);
    // Never retry earlier than the server asked: a Retry-After beyond our longest wait ends the retries.
    if (hinted !== null && hinted > maxDelayMs) return response;
    // Drain the body so the connection can be reused.
    await response.body?.cancel().catch(() => undefined);
    await sleep(Math.min(maxDelayMs, hinted ?? backoffMs(attempt, baseDelayMs, maxDelayMs)));
  }
}
