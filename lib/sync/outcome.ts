// What a failed sync attempt means, in a person's words, decided from the error's discriminant
// (lib/banking/errors.ts), never its class. Pure: the runner applies the decision.
import { bankErrorOf, type BankError } from "@/lib/banking/errors";
import { formatBankDay } from "@/lib/dates/days";

export type AttemptOutcome =
  | { kind: "retry"; waitSeconds: number; message: string }
  | { kind: "consent_ended"; bank: BankError }
  | { kind: "failed"; message: string; internal: boolean };

/** "14:05 UTC" for an instant. */
function formatClock(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

/** Backoff before the next attempt: at least the bank's Retry-After, else `base` doubling per attempt, capped at 5 min. */
function retryDelaySeconds(bank: BankError, attempt: number, baseSeconds: number): number {
  return Math.max(bank.retryAfterSeconds ?? 0, Math.min(300, baseSeconds * 2 ** Math.max(0, attempt - 1)));
}

export function decideOutcome(
  error: unknown,
  attempt: number,
  maxAttempts: number,
  now: Date = new Date(),
  backoffSeconds = 5,
): AttemptOutcome {
  const bank = bankErrorOf(error);
  if (!bank)
    return {
      kind: "failed",
      message: "Something went wrong on our side while syncing. Nothing stored was lost; try again later.",
      internal: true,
    };
  if (bank.code === "consent_invalid") return { kind: "consent_ended", bank };
  if (bank.code === "rate_limited" || bank.code === "unavailable") {
    const what =
      bank.code === "rate_limited"
        ? "The bank limits how often we may read"
        : `The bank is not answering (HTTP ${bank.status ?? "error"})`;
    if (attempt < maxAttempts) {
      const waitSeconds = retryDelaySeconds(bank, attempt, backoffSeconds);
      return {
        kind: "retry",
        waitSeconds,
        message: `${what}; next try at ${formatClock(new Date(now.getTime() + waitSeconds * 1000))}.`,
      };
    }
    return {
      kind: "failed",
      message: `${what}; we tried ${maxAttempts} times and stopped. Nothing stored was lost; the next update tries again.`,
      internal: false,
    };
  }
  return {
    kind: "failed",
    message: `The bank refused the request (${bank.message}). Nothing stored was lost; if it persists, reconnect the bank.`,
    internal: false,
  };
}

/** What a person reads when the bank has ended the access. */
export function consentEndedMessage(status: string, bankDay: string): string {
  const verb = status === "expired" ? "expired" : "ended";
  return `Access ${verb} at the bank on ${formatBankDay(bankDay)}; reconnect to continue.`;
}
