// An outside provider's failure, whoever the provider is: a bank, an aggregator, a company register.
// One class and one small set of codes, so callers branch on what happened, never on a provider's own
// codes; each provider maps its answers to these codes itself.
//
// Errors are classified by a discriminant (`kind: "provider_error"` plus `code`), read by one
// function, `providerErrorOf`. Never by `instanceof`: the Next bundle and a worker process loaded by
// tsx each carry their own copy of this class, and a provider built by one of them throws errors the
// other's class does not recognise (the sync once lost every bank fault that way).
export const PROVIDER_ERROR_CODES = [
  // The bank no longer honours the consent (expired, revoked): only banks raise it.
  "consent_invalid",
  "rate_limited",
  "unavailable",
  "rejected",
  "not_found",
  "unknown",
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export const PROVIDER_ERROR_KIND = "provider_error";

/** What any provider error carries, whichever copy of the class made it. */
export type ProviderFailure = {
  readonly kind: typeof PROVIDER_ERROR_KIND;
  readonly code: ProviderErrorCode;
  readonly message: string;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | null;
  /** Seconds the provider asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds: number | null;
  /** A bank's own error code (NextGenPSD2's `CONSENT_EXPIRED`, …), when it sent one. */
  readonly bankCode: string | null;
  /** A bank's date from the error response's Date header, when it sent one. */
  readonly bankDate: string | null;
};

export class ProviderError extends Error implements ProviderFailure {
  readonly kind = PROVIDER_ERROR_KIND;
  readonly code: ProviderErrorCode;
  readonly status: number | null;
  readonly retryAfterSeconds: number | null;
  readonly bankCode: string | null;
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
}

const CODES: ReadonlySet<string> = new Set(PROVIDER_ERROR_CODES);

/** The one place that decides whether an error is a provider's: by its discriminant, never its class. */
export function providerErrorOf(error: unknown): ProviderFailure | null {
  if (typeof error !== "object" || error === null) return null;
  const candidate = error as Partial<Record<keyof ProviderFailure, unknown>>;
  if (candidate.kind !== PROVIDER_ERROR_KIND || typeof candidate.code !== "string" || !CODES.has(candidate.code))
    return null;
  return error as ProviderFailure;
}
