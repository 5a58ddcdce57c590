// What the kernel makes of a handler's result: the status, the serialised body and the headers it
// will send, checked against the route's contract in development and tests (lib/api/response-check.ts).
import type { Declared, ResultOf } from "@/lib/api/contract";
import { ApiError, apiErrorOf } from "@/lib/errors";
import { checkResponse, responseCheckEnabled } from "@/lib/api/response-check";
import { errorBody } from "@/lib/api/response";
import type { Responses } from "@/lib/api/responses";
import { isFile } from "@/lib/api/responses";
import { databaseUnavailable, prismaErrorCode } from "@/lib/db/errors";

export type Outcome = {
  status: number;
  text: string;
  headers: Record<string, string>;
  afterCommit?: () => Promise<void>;
};

type AnyResult = {
  status?: number;
  data?: unknown;
  meta?: Record<string, unknown>;
  location?: string;
  text?: string;
  error?: ApiError;
  headers?: Record<string, string>;
  afterCommit?: () => Promise<void>;
};

export function errorOutcome(error: ApiError, requestId: string): Outcome {
  const body = errorBody(error.code, error.message, requestId, error.details);
  return { status: error.status, text: JSON.stringify(body), headers: { ...error.headers } };
}

/** Serialises a handler's result for the wire; throws a ContractViolation when it breaks the contract. */
export function outcomeOf<R extends Responses>(
  method: string,
  contract: Declared,
  result: ResultOf<R>,
  requestId: string,
): Outcome {
  const r = result as AnyResult;
  if (r.error) return errorOutcome(r.error, requestId);
  const status = r.status ?? 200;
  const headers = { ...r.headers };
  let text = "";
  const spec = contract.responses[status as keyof Responses];
  if (r.location !== undefined) Object.assign(headers, { location: r.location, "cache-control": "no-store" });
  else if (isFile(spec)) {
    text = r.text ?? "";
    headers["content-type"] = `${spec.mediaType}; charset=utf-8`;
  } else if (status !== 204) text = JSON.stringify({ data: r.data ?? null, meta: { requestId, ...r.meta } });
  if (responseCheckEnabled()) checkResponse(method, contract, status, text);
  return { status, text, headers, afterCommit: r.afterCommit };
}

/** Any thrown value → the ApiError to answer (by discriminant and code, not instanceof: see lib/errors.ts). */
export function mapUnknownError(error: unknown): ApiError {
  const api = apiErrorOf(error);
  if (api) return api;
  const prismaCode = prismaErrorCode(error);
  if (prismaCode === "P2002")
    return new ApiError("conflict", "A record with these values already exists.", { cause: error });
  if (prismaCode === "P2025") return new ApiError("not_found", "Record not found.", { cause: error });
  // A restart, a failover or a pooler gone: nothing is wrong with the request, and nothing of it was
  // committed (its transaction could not finish); the same request may succeed in a moment.
  if (databaseUnavailable(error))
    return new ApiError("service_unavailable", "The database is not reachable right now. Retry in a few seconds.", {
      headers: { "retry-after": "2" },
      cause: error,
    });
  return new ApiError("server_error", "Something went wrong on our side. Retry with backoff.", { cause: error });
}
