// An account's health, derived from the truth in the order it matters: the bank connection first
// (access that ended or ran out means no sync can work, whatever the last run said), then the last
// run. The dashboard, the Accounts list and the account page all read it from here, so they agree.
// A failed run carries only its message (written by lib/sync/runner.ts and lib/sync/outcome.ts);
// failureAdvice reads those messages, and its test feeds it the sync's own. An account kept from
// statement files has neither a connection nor runs: its health says where its rows come from.
import { isActive, type Account } from "@/lib/client/accounts";

export type Advice = { text: string; href?: string; linkLabel?: string };

type HealthInput = Pick<Account, "access" | "latestSync" | "lastSyncedAt" | "bankName" | "consentId"> &
  Partial<Pick<Account, "trackingState" | "source">>;

export type Health =
  | { kind: "ended"; tone: "amber"; label: string; detail: string }
  | { kind: "syncing"; tone: "indigo"; label: string }
  | { kind: "failed"; tone: "red"; label: string; message: string; advice: Advice }
  | { kind: "never"; tone: "amber"; label: string }
  | { kind: "ok"; tone: "green"; label: string }
  | { kind: "stopped"; tone: "slate"; label: string }
  | { kind: "file"; tone: "slate"; label: string };

/** How the access ended, or null while it lasts. A valid consent past its end has expired, told or not. */
export function accessEnded(account: Pick<Account, "access">, now = Date.now()): "revoked" | "expired" | null {
  // No connection (kept from statement files): nothing to end.
  if (!account.access) return null;
  const { status, expiresAt } = account.access;
  if (status === "revoked" || status === "rejected") return "revoked";
  if (status === "expired") return "expired";
  if (status === "valid" && expiresAt !== null && Date.parse(expiresAt) <= now) return "expired";
  return null;
}

function bankOf(account: Pick<Account, "bankName">): string {
  return account.bankName ?? "the bank";
}

/** Why Sync now cannot work for this account, or null when it can. */
export function syncBlockedReason(account: Pick<Account, "access" | "bankName">, now = Date.now()): string | null {
  if (!accessEnded(account, now)) return null;
  return `Access to ${bankOf(account)} ended; reconnect it to sync again.`;
}

const ACCESS_ENDED = /reconnect to continue|access (ended|expired) at the bank|access to this bank is/i;

/** What to do about a failed run, in words; a link when there is somewhere to go. */
export function failureAdvice(lastError: string, consentId: string | null): Advice {
  const connection = consentId ? { href: `/consents/${consentId}`, linkLabel: "Open the bank connection" } : {};
  if (ACCESS_ENDED.test(lastError))
    return { text: "The bank no longer gives access: reconnect it to continue. The history stays.", ...connection };
  if (/refused the request/i.test(lastError))
    return { text: "The bank refused this account's data. Reconnecting the bank usually settles it.", ...connection };
  if (/unattended accesses/i.test(lastError))
    return {
      text: "The bank's daily limit for automatic updates is used up. Sync now yourself (that does not count), or wait for the next slot.",
    };
  if (/no longer tracked/i.test(lastError))
    return {
      text: "Track the account again from its bank connection.",
      href: "/consents",
      linkLabel: "Bank connections",
    };
  if (/integration .* is not enabled/i.test(lastError))
    return { text: "This bank's integration is switched off on this server. An administrator can switch it on." };
  if (/could not be used/i.test(lastError))
    return {
      text: "The bank sent data we could not read. Nothing stored was lost. If it happens again, tell support the time of this sync.",
    };
  if (/not answering|limits how often|stayed busy|on our side/i.test(lastError))
    return {
      text: "This passes: the next automatic update tries again, or press Sync now. If it keeps failing, tell support.",
    };
  return { text: "Nothing stored was lost. If the next sync fails the same way, tell support the time of this one." };
}

export function accountHealth(account: HealthInput, now = Date.now()): Health {
  // A person stopped it: nothing is wrong, and nothing syncs until they resume it.
  if (account.trackingState && account.trackingState !== "tracking")
    return { kind: "stopped", tone: "slate", label: "Tracking stopped" };
  if (account.source === "file") return { kind: "file", tone: "slate", label: "From statement files" };
  const ended = accessEnded(account, now);
  const bank = bankOf(account);
  if (ended) {
    return {
      kind: "ended",
      tone: "amber",
      label: `Access ended at ${bank}`,
      detail:
        ended === "expired"
          ? `The approval at ${bank} ran out. Reconnect to sync again; the history stays.`
          : `Access to ${bank} was withdrawn. Reconnect to sync again; the history stays.`,
    };
  }
  const run = account.latestSync;
  if (isActive(run?.state)) return { kind: "syncing", tone: "indigo", label: "Syncing now" };
  if (run?.state === "failed") {
    const message = run.lastError ?? "The sync stopped without a reason.";
    // Access is valid now (checked above): a failure saying it had ended is from before a reconnect.
    const advice = ACCESS_ENDED.test(message)
      ? { text: `Access to ${bank} is back since this sync. Press Sync now to catch up.` }
      : failureAdvice(message, account.consentId);
    return { kind: "failed", tone: "red", label: "Last sync failed", message, advice };
  }
  if (!account.lastSyncedAt) return { kind: "never", tone: "amber", label: "Not synced yet" };
  return { kind: "ok", tone: "green", label: "Up to date" };
}

/** One line over a list of accounts: what needs the person's attention, or that all is well. */
export function healthSummary(healths: Health[]): string {
  const total = healths.length;
  const count = (kind: Health["kind"]) => healths.filter((h) => h.kind === kind).length;
  const ended = count("ended");
  const failed = count("failed");
  const of = (n: number) => `${n} of ${total} ${total === 1 ? "account" : "accounts"}`;
  const parts: string[] = [];
  if (ended > 0) parts.push(`${of(ended)} no longer ${ended === 1 ? "syncs" : "sync"}: bank access ended`);
  if (failed > 0) parts.push(`${of(failed)} could not sync last time`);
  const stopped = count("stopped");
  // Stopped by a person: said, never counted as up to date.
  // Kept from statement files: said, never counted as up to date either (only an import updates them).
  const files = count("file");
  const also =
    (stopped > 0 ? ` Tracking is stopped for ${of(stopped)}.` : "") +
    (files > 0 ? ` ${of(files)} kept from statement files.` : "");
  if (parts.length > 0) return `${parts.join("; ")}. See what to do below.${also}`;
  if (stopped === total) return `Tracking is stopped for ${of(total)}.`;
  if (files === total)
    return total === 1
      ? "The account is kept from statement files."
      : `All ${total} accounts are kept from statement files.`;
  if (stopped + files === total) return also.trim();
  if (count("syncing") > 0) return `Syncing ${of(count("syncing"))} now.${also}`;
  if (count("never") > 0) return `${of(count("never"))} not synced yet.${also}`;
  if (stopped > 0 || files > 0) return `${of(total - stopped - files)} up to date.${also}`;
  return `All ${total} ${total === 1 ? "account is" : "accounts are"} up to date. Balances are the bank's, in each account's currency.`;
}
