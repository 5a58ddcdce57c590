// A bank's failure as the sync and the consents read it. The error itself is the one every outside
// provider throws (lib/provider-errors.ts: `ProviderError`, classified by its discriminant, never by
// `instanceof`); these are the bank-side questions asked of it.
import { providerErrorOf, type ProviderErrorCode, type ProviderFailure } from "@/lib/provider-errors";

/** A provider error thrown by a bank integration. */
export type BankError = ProviderFailure;

/** The error as a bank's failure, or null when it is none (a bug, a database error). */
export function bankErrorOf(error: unknown): BankError | null {
  return providerErrorOf(error);
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
