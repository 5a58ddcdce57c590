// Every provider failure is mapped to one small set, so callers branch on meaning, not on a bank's codes.
export const PROVIDER_ERROR_CODES = ["consent_invalid", "rate_limited", "unavailable", "rejected", "not_found", "unknown"] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export class ProviderError extends Error {
  readonly code: ProviderErrorCode;
  readonly status: number | null;
  /** Seconds the bank asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds: number | null;
  readonly bankCode: string | null;
  /** The bank's date from the error response's Date header, when it sent one. */
  readonly bankDate: string | null;

  constructor(
    code: ProviderErrorCode,
    message: string,
    options: {
      status?: number | null;
      retryAfterSeconds?: number | null;
      bankCode?: string | null;
      bankDate?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ProviderError";
    this.code = code;
    this.status = options.status ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.bankCode = options.bankCode ?? null;
    this.bankDate = options.bankDate ?? null;
  }

  get isTransient(): boolean {
    return this.code === "rate_limited" || this.code === "unavailable";
  }
}
