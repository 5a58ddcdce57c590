// The spec's error table as one constant: code → HTTP status. Callers branch on `code`.

export const ERROR_STATUS = {
  bad_request: 400,
  scope_missing: 400,
  unauthenticated: 401,
  // A browser session or sign-in token issued before the person's password changed, their password
  // was reset, or they signed out everywhere (lib/auth/credentials-generation.ts): sign in again.
  credentials_changed: 401,
  forbidden: 403,
  // Sign-up refused by the operator's SIGNUP setting, or before the installation's first admin exists.
  signup_closed: 403,
  user_context_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  // 408, 413 and 431 are not in the service spec's table; they are ours (docs/api-decisions.md):
  // the server's own answers to requests it will not read in full.
  request_timeout: 408,
  conflict: 409,
  // A one-time thing already spent or past its time (a setup link).
  gone: 410,
  // A change-feed cursor older than the change history kept (lib/changes/cursor.ts): start again without one.
  cursor_expired: 410,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  request_header_too_large: 431,
  server_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorDetails = Record<string, string[]>;

// What a handler or domain code throws to be answered with: the kernel writes its status, code,
// message and details in the envelope (the client's side of it is lib/client/errors.ts's
// ApiCallError). Recognised by its discriminant (`apiErrorOf`), never by instanceof: the server's
// HTTP layer and Next's bundle each load their own copy of this module.
const API_ERROR_KIND = "api_error";

export class ApiError extends Error {
  readonly kind = API_ERROR_KIND;
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetails;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetails; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/** The thrown value as an ApiError to answer with, whichever copy of the class made it; else null. */
export function apiErrorOf(error: unknown): ApiError | null {
  if (typeof error !== "object" || error === null) return null;
  const candidate = error as { kind?: unknown; code?: unknown };
  return candidate.kind === API_ERROR_KIND && typeof candidate.code === "string" && candidate.code in ERROR_STATUS
    ? (error as ApiError)
    : null;
}

export const notFound = (what = "Record") =>
  new ApiError("not_found", `${what} not found. If it exists, check that X-Scope names the scope it belongs to.`);

export const forbidden = (message = "Your role in this scope does not allow this operation.") =>
  new ApiError("forbidden", message);

export const conflict = (message: string, headers?: Record<string, string>) =>
  new ApiError("conflict", message, { headers });

export const validationFailed = (details: ErrorDetails, message = "Some fields are invalid; see error.details.") =>
  new ApiError("validation_failed", message, { details });
