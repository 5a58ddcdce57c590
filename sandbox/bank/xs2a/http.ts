// The bank's HTTP layer: every XS2A and control route is `bankRoute(fn)`. It answers 404 when the
// sandbox is off, reads the sandbox clock, stamps the Date header with it (clients read the bank's
// "today" from Date), echoes X-Request-ID, and turns failures into the spec's tppMessages format.
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { readClock, type ClockNow } from "@/sandbox/bank/store/clock";

export type Xs2aCode =
  | "FORMAT_ERROR"
  | "PARAMETER_NOT_SUPPORTED"
  | "CONSENT_INVALID"
  | "CONSENT_EXPIRED"
  | "CONSENT_UNKNOWN"
  | "RESOURCE_UNKNOWN"
  | "ACCESS_EXCEEDED"
  | "SERVICE_INVALID"
  // Not XS2A: the sandbox's own controls refuse callers without the control secret or a session.
  | "UNAUTHORIZED"
  | "INTERNAL_SERVER_ERROR"
  | "BAD_GATEWAY"
  | "SERVICE_UNAVAILABLE";

/** An XS2A error answer: `{tppMessages:[{category:"ERROR", code, text}]}`. */
export class Xs2aError extends Error {
  constructor(
    readonly status: number,
    readonly code: Xs2aCode,
    text: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(text);
    this.name = "Xs2aError";
  }
}

export type BankContext = {
  request: Request;
  params: Record<string, string>;
  clock: ClockNow;
  url: URL;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type BankHandler = (request: Request, context: NextContext) => Promise<Response>;

function baseHeaders(request: Request, clock: ClockNow | null): Headers {
  const headers = new Headers({ "cache-control": "no-store" });
  headers.set("date", new Date(clock ? clock.sandboxNowMs : Date.now()).toUTCString());
  const requestId = request.headers.get("x-request-id");
  if (requestId && requestId.length <= 100) headers.set("x-request-id", requestId);
  return headers;
}

export function json(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: extra });
}

export function tppMessages(code: Xs2aCode, text: string) {
  return { tppMessages: [{ category: "ERROR" as const, code, text }] };
}

function finalise(response: Response, request: Request, clock: ClockNow | null): Response {
  const headers = baseHeaders(request, clock);
  response.headers.forEach((value, key) => headers.set(key, value));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function isSandboxEnabled(): boolean {
  return env.SANDBOX_BANK_ENABLED;
}

export function bankRoute(fn: (ctx: BankContext) => Response | Promise<Response>): BankHandler {
  return async (request, context) => {
    if (!isSandboxEnabled()) return Response.json({ error: "not_found" }, { status: 404 });
    // Routes without dynamic segments get no params object from Next.js.
    const raw = (await context?.params) ?? {};
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) params[k] = Array.isArray(v) ? v.join("/") : v;
    let clock: ClockNow | null = null;
    try {
      clock = await readClock();
      return finalise(await fn({ request, params, clock, url: new URL(request.url) }), request, clock);
    } catch (error) {
      if (error instanceof Xs2aError) {
        return finalise(json(tppMessages(error.code, error.message), error.status, error.headers), request, clock);
      }
      log.error("sandbox bank request failed", { path: new URL(request.url).pathname, error });
      return finalise(
        json(tppMessages("INTERNAL_SERVER_ERROR", "The sandbox bank failed unexpectedly."), 500),
        request,
        clock,
      );
    }
  };
}

export const formatError = (text: string) => new Xs2aError(400, "FORMAT_ERROR", text);

/** The origin the bank's pages are reached at: APP_URL when set, else the request's own. */
export function publicOrigin(request: Request): string {
  return env.APP_URL ? new URL(env.APP_URL).origin : new URL(request.url).origin;
}
