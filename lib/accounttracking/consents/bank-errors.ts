// A bank's failure, told to our caller: what happened and what to do. The bank's limits are not
// the caller's rate limit, so they are 503 with Retry-After, not 429.
import { ApiError } from "@/lib/errors";
import { bankErrorOf } from "@/lib/banking/errors";

export function bankFailure(cause: unknown): ApiError {
  const error = bankErrorOf(cause);
  if (!error) {
    return new ApiError("server_error", "Something went wrong while talking to the bank. Retry with backoff.", {
      cause,
    });
  }
  switch (error.code) {
    case "rate_limited":
      return new ApiError("service_unavailable", "The bank asks us to slow down. Retry after the indicated time.", {
        headers: { "retry-after": String(error.retryAfterSeconds ?? 5) },
        cause,
      });
    case "unavailable":
      return new ApiError("bad_gateway", "The bank is not answering right now. Retry in a moment.", { cause });
    case "consent_invalid":
      return new ApiError("conflict", "The bank no longer accepts this consent. Check its status and renew it.", {
        cause,
      });
    case "not_found":
      return new ApiError("bad_gateway", "The bank did not recognise this request.", { cause });
    case "rejected":
    case "unknown":
      return new ApiError(
        "bad_gateway",
        "The bank refused the request. If it persists, contact support with the request id.",
        { cause },
      );
    default: {
      const exhaustive: never = error.code;
      return exhaustive;
    }
  }
}
