// What a failed sync attempt means, in a person's words, decided from the error's discriminant
// (lib/banking/errors.ts), never its class. Pure: the runner applies the decision.
import { bankErrorOf, type BankError } from "@/lib/banking/errors";
import { formatBankDay } from "@/lib/dates/days";
import { databaseUnavailable } from "@/lib/db/errors";
import { BANK_ERROR_CAP_SECONDS, retryDelaySeconds } from "@/lib/sync/backoff";

export type AttemptOutcome =
  | { kind: "retry"; waitSeconds: number; message: string }
  | { kind: "consent_ended"; bank: BankError }
  | { kind: "failed"; message: string; internal: boolean };

/** "14:05 UTC" for an instant. */
function formatClock(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

export function decideOutcome(
  error: unknown,
  attempt: number,
  maxAttempts: number,
  now: Date = new Date(),
  backoffSeconds = 5,
  random: () => number = Math.random,
): AttemptOutcome {
  const bank = bankErrorOf(error);
  // Our database out of reach (a failover, a restart, the pooler gone: lib/db/errors.ts) is not a
  // failure of the sync: what the run committed stays, and the next attempt goes on from there. Only
  // when the database stays away past the last attempt does the run fail.
  if (!bank && databaseUnavailable(error))
    return retryOrStop(
      "Our database was out of reach",
      { attempt, maxAttempts, now, backoffSeconds, random },
      { retryAfterSeconds: null, stopped: "try again later", internal: true },
    );
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
    return retryOrStop(
      what,
      { attempt, maxAttempts, now, backoffSeconds, random },
      { retryAfterSeconds: bank.retryAfterSeconds, stopped: "the next update tries again", internal: false },
    );
  }
  // An answer we could not use (a page chain that cycles or never ends, a link to another host, an
  // oversized or malformed body) is not a refusal: reconnecting would not change it.
  if (bank.code === "unknown")
    return {
      kind: "failed",
      message: `The bank's answer could not be used: ${bank.message} Nothing stored was lost; the next update tries again.`,
      internal: false,
    };
  return {
    kind: "failed",
    message: `The bank refused the request (${bank.message}). Nothing stored was lost; if it persists, reconnect the bank.`,
    internal: false,
  };
}

/** What a person reads when the bank has ended the access. */
export function consentEndedMessage(expired: boolean, bankDay: string): string {
  const verb = expired ? "expired" : "ended";
  return `Access ${verb} at the bank on ${formatBankDay(bankDay)}; reconnect to continue.`;
}

/** A passing trouble: retried with backoff until the last attempt, then the run fails saying so. */
function retryOrStop(
  what: string,
  at: { attempt: number; maxAttempts: number; now: Date; backoffSeconds: number; random: () => number },
  how: { retryAfterSeconds: number | null; stopped: string; internal: boolean },
): AttemptOutcome {
  if (at.attempt < at.maxAttempts) {
    const backoff = { baseSeconds: at.backoffSeconds, capSeconds: BANK_ERROR_CAP_SECONDS };
    const waitSeconds = retryDelaySeconds(at.attempt, backoff, how.retryAfterSeconds, at.random);
    return {
      kind: "retry",
      waitSeconds,
      message: `${what}; next try at ${formatClock(new Date(at.now.getTime() + waitSeconds * 1000))}.`,
    };
  }
  return {
    kind: "failed",
    message: `${what}; we tried ${at.maxAttempts} times and stopped. Nothing stored was lost; ${how.stopped}.`,
    internal: how.internal,
  };
}
