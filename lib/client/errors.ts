import type { ErrorCode, FieldErrors } from "@/lib/client/types";

/** A non-2xx API answer (or a network failure, status 0), with the server's code, message and field details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "network_error";
  readonly details: FieldErrors | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | "network_error";
    message: string;
    details?: FieldErrors;
    requestId?: string;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The first message for a field (422 details are keyed by camelCase field name). */
  fieldError(field: string): string | undefined {
    return this.details?.[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A readable message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

/**
 * The form-level message for an error: the server's message, or for 422 a short summary plus any
 * messages for fields the form does not show (those shown next to a field are not repeated).
 */
export function formErrorMessage(error: unknown, shownFields: readonly string[] = []): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return errorMessage(error);
  if (!error.details) return error.message;
  const other = Object.entries(error.details)
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([field, messages]) => messages.map((m) => (field === "body" ? m : `${field}: ${m}`)));
  return other.length ? `Check the form: ${other.join(" ")}` : "Check the highlighted fields.";
}

/** The first server message for a field of a 422 answer. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldError(field) : undefined;
}
