import type { ErrorCode, ErrorDetails as FieldErrors } from "@/lib/errors";

// What a call to the API that did not succeed gives its caller (the UI, a machine caller): a non-2xx
// answer, or a network failure (status 0), with the server's code, message and field details. Not
// the server's ApiError (lib/errors.ts), which is what a handler throws to be answered with.
// Recognised by its discriminant (`isApiCallError`), never by instanceof: a page's bundle and a
// script may each hold their own copy of this class.
const API_CALL_ERROR_KIND = "api_call_error";

export class ApiCallError extends Error {
  readonly kind = API_CALL_ERROR_KIND;
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
    this.name = "ApiCallError";
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

export function isApiCallError(error: unknown): error is ApiCallError {
  return typeof error === "object" && error !== null && (error as { kind?: unknown }).kind === API_CALL_ERROR_KIND;
}

/**
 * A readable message for any thrown value: what happened and what to do. The API's messages are
 * written for developers (codes, X-Scope, error.details); a person gets these words instead.
 */
export function errorMessage(error: unknown): string {
  if (isApiCallError(error)) return personMessage(error);
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

function personMessage(error: ApiCallError): string {
  switch (error.code) {
    case "not_found": {
      const what = /^(.+?) not found\b/.exec(error.message)?.[1] ?? "This item";
      return `${what} was not found. It may have been removed, or it belongs to another scope: switch scope or go back to the list.`;
    }
    case "forbidden":
      return "Your role in this scope does not allow this. Ask an admin of the scope for a member or admin role.";
    case "validation_failed":
      return (
        (error.details && formErrorMessage(error)) ||
        "Some of what was entered is not right. Check the form and try again."
      );
    case "rate_limited":
      return `Too many requests just now. Wait ${error.retryAfterSeconds ? `${error.retryAfterSeconds} seconds` : "a moment"} and try again.`;
    case "scope_missing":
      return "Choose a scope in the header first, then try again.";
    case "unauthenticated":
      return "Your session has ended. Sign in again to continue.";
    case "credentials_changed":
      return "You were signed out: the password was changed or every session was signed out. Sign in again.";
    case "server_error":
      return "Something went wrong on our side. Try again in a moment; your data is unchanged.";
    default:
      return error.message;
  }
}

/**
 * The form-level message for an error: the server's message, or for 422 a short summary plus any
 * messages for fields the form does not show (those shown next to a field are not repeated).
 */
export function formErrorMessage(error: unknown, shownFields: readonly string[] = []): string | null {
  if (!error) return null;
  if (!isApiCallError(error)) return errorMessage(error);
  if (!error.details) return personMessage(error);
  const other = Object.entries(error.details)
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([, messages]) => messages);
  // The messages themselves say which field and what to do; field keys would only be jargon here.
  return other.length ? other.join(" ") : "Check the highlighted fields and try again.";
}

/** A form's errors from a failed call: each shown field's own message, and the rest above the form. */
export function formErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F | "form", string>> {
  const errors: Partial<Record<F | "form", string>> = {};
  for (const field of fields) errors[field] = fieldError(error, field);
  errors.form = formErrorMessage(error, fields) ?? undefined;
  return errors;
}

/** The first server message for a field of a 422 answer. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiCallError(error) ? error.fieldError(field) : undefined;
}
