"use client";
// Bank access that ends soon, said where it matters (the dashboard, the accounts list, the account's
// page) in one sentence: whose access, at which bank, for which accounts, and its last day in the
// one wording the app uses for it ("until 30 Nov 2026", the bank's own last day; never the instant
// after it). PSD2 consents cannot be extended: the person renews at the bank before syncing stops.
import { accountTitle, formatBankDate } from "@/components/accounts/format";
import { Button } from "@/components/ui/button";
import { useConsentAction, type Consent } from "@/lib/client/accounttracking";
import type { Account } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

export const ENDING_WITHIN_DAYS = 14;

/** Valid consents whose access ends within ENDING_WITHIN_DAYS. */
export function endingSoon(consents: Consent[], now = Date.now()): Consent[] {
  const limit = now + ENDING_WITHIN_DAYS * 86_400_000;
  return consents.filter((c) => c.status === "valid" && c.expiresAt !== null && Date.parse(c.expiresAt) <= limit);
}

/** The last day of access as the app says it everywhere: "until 30 Nov 2026". */
export function accessUntil(consent: Pick<Consent, "validUntil" | "expiresAt">): string {
  if (consent.validUntil) return `until ${formatBankDate(consent.validUntil)}`;
  // expiresAt is 00:00 UTC the day after the last day.
  if (consent.expiresAt) return `until ${formatBankDate(new Date(Date.parse(consent.expiresAt) - 1).toISOString())}`;
  return "for an unknown time";
}

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/** "Alice Martin's access to Ardenne Crédit (Current account and Savings) ends in 2 days, until 30 Nov 2026." */
export function endingSentence(consent: Consent, accounts: Account[]): string {
  const mine = accounts.filter((a) => a.consentId === consent.id);
  const holders = [...new Set(mine.map((a) => a.ownerName).filter((n): n is string => Boolean(n)))];
  const who = holders.length > 0 ? `${list(holders)}'s access` : "Access";
  const what = mine.length > 0 ? ` (${list(mine.map(accountTitle))})` : "";
  const days = Number(consent.remainingDays);
  const when = days <= 0 ? "ends today" : `ends in ${days} ${days === 1 ? "day" : "days"}`;
  return `${who} to ${consent.bankName ?? "the bank"}${what} ${when}, ${accessUntil(consent)}.`;
}

/** One ending consent: the sentence and Renew (for those who may). */
export function AccessEndingNote({
  consent,
  accounts,
  canRenew,
  className = "flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200",
}: {
  consent: Consent;
  accounts: Account[];
  canRenew: boolean;
  className?: string;
}) {
  const renew = useConsentAction("renew");
  return (
    <div className={className} data-testid="access-ending">
      <span className="min-w-0">
        <span className="font-medium">{endingSentence(consent, accounts)}</span>
        <span className="block text-xs">Renew it at the bank before then so these accounts keep syncing.</span>
        {renew.isError && (
          <span role="alert" className="block text-xs text-red-800">
            Could not start the renewal: {errorMessage(renew.error)} Try again.
          </span>
        )}
      </span>
      {canRenew && (
        <Button size="sm" pending={renew.isPending} onClick={() => renew.mutate(consent.id)}>
          Renew<span className="sr-only"> access to {consent.bankName ?? "the bank"}</span>
        </Button>
      )}
    </div>
  );
}
