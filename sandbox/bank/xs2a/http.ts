// The bank's HTTP layer: every XS2A, page and control handler runs through `answer(fn, …)`. It reads
// the sandbox clock, stamps the Date header with it (clients read the bank's "today" from Date),
// echoes X-Request-ID, and turns failures into the spec's tppMessages format.
import { log } from "@/sandbox/shared/log";
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
  // Not XS2A: the sandbox's own controls refuse callers without the control secret.
  | "UNAUTHORIZED"
  | "INTERNAL_SERVER_ERROR"
  | "BAD_GATEWAY"
  | "SERVICE_UNAVAILABLE";

/** An XS2A error answer: `{tppMessages:[{category:"ERROR", code, text}]}`. */
export class Xs2aError extends Error {
  readonly kind = "xs2a";
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

const isXs2aError = (error: unknown): error is Xs2aError =>
  typeof error === "object" && error !== null && (error as { kind?: unknown }).kind === "xs2a";

/** What the bank is configured with (sandbox/banks.ts). */
export type BankSettings = {
  /** The banks' public origin (SANDBOX_BANK_URL): absolute URLs the bank hands out start with it. */
  publicUrl: string;
  /** The sandbox user `slow`: seconds between Approve and the consent becoming valid. */
  slowApprovalSeconds: number;
};

export type BankContext = {
  request: Request;
  params: Record<string, string>;
  clock: ClockNow;
  url: URL;
  settings: BankSettings;
};

export type BankHandler = (ctx: BankContext) => Response | Promise<Response>;

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

/** Runs one handler of the bank: its clock read first, its failures in the XS2A error format. */
export async function answer(
  fn: BankHandler,
  request: Request,
  params: Record<string, string>,
  settings: BankSettings,
): Promise<Response> {
  let clock: ClockNow | null = null;
  try {
    clock = await readClock();
    return finalise(await fn({ request, params, clock, url: new URL(request.url), settings }), request, clock);
  } catch (error) {
    if (isXs2aError(error)) {
      return finalise(json(tppMessages(error.code, error.message), error.status, error.headers), request, clock);
    }
    log.error("sandbox bank request failed", { path: new URL(request.url).pathname, error });
    return finalise(
      json(tppMessages("INTERNAL_SERVER_ERROR", "The sandbox bank failed unexpectedly."), 500),
      request,
      clock,
    );
  }
}

export const formatError = (text: string) => new Xs2aError(400, "FORMAT_ERROR", text);
