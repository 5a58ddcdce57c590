// Every provider failure is mapped to one small set, so callers branch on meaning, not on a bank's codes.
//
// Errors are classified by a discriminant (`kind: "provider_error"` plus `code`), read by one
// function, `bankErrorOf`. Never by `instanceof`: the Next bundle and a worker process loaded by tsx
// each carry their own copy of this class, and an integration built by one of them throws errors the
// other's class does not recognise (the sync once lost every bank fault that way).
export const PROVIDER_ERROR_CODES = [
  "consent_invalid",
  "rate_limited",
  "unavailable",
  "rejected",
  "not_found",
  "unknown",
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export const PROVIDER_ERROR_KIND = "provider_error";

/** What any bank error carries, whichever copy of the class made it. */
export type BankError = {
  readonly kind: typeof PROVIDER_ERROR_KIND;
  readonly code: ProviderErrorCode;
  readonly message: string;
  readonly status: number | null;
  /** Seconds the bank asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds: number | null;
  readonly bankCode: string | null;
  /** The bank's date from the error response's Date header, when it sent one. */
  readonly bankDate: string | null;
};

export class ProviderError extends Error implements BankError {
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

/** The one place that decides whether an error is a bank's: by its discriminant, never its class. */
export function bankErrorOf(error: unknown): BankError | null {
  if (typeof error !== "object" || error === null) return null;
  const candidate = error as Partial<Record<keyof BankError, unknown>>;
  if (candidate.kind !== PROVIDER_ERROR_KIND || typeof candidate.code !== "string" || !CODES.has(candidate.code))
    return null;
  return error as BankError;
}

/** Worth retrying later: the bank limited us or was unavailable. */
export function isTransientBankError(error: unknown): boolean {
  const bank = bankErrorOf(error);
  return bank !== null && (bank.code === "rate_limited" || bank.code === "unavailable");
}

/** The bank's error code when `error` is a bank error with one of `codes`, else null. */
export function bankErrorCode<C extends ProviderErrorCode>(error: unknown, ...codes: C[]): C | null {
  const bank = bankErrorOf(error);
  return bank && (codes as ProviderErrorCode[]).includes(bank.code) ? (bank.code as C) : null;
}
