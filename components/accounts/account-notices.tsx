"use client";
// What an account's page and the accounts list say about an account beside its figures: that a
// person stopped, archived or hid it (and since when), and that its bank access ends soon (whose,
// at which bank, for which accounts, until which day).
import { AccessEndingNote, endingSoon } from "@/components/accounts/access-ending";
import { Badge } from "@/components/ui/card";
import { formatDate } from "@/components/ui/format";
import { useConsents } from "@/lib/client/accounttracking";
import { useAccounts, useCanManageAccounts, type Account } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";

/** Badges for a list row: Tracking stopped, Archived, Hidden. */
export function HousekeepingBadges({ account }: { account: Account }) {
  return (
    <>
      {account.trackingState === "stopped" && <Badge>Tracking stopped</Badge>}
      {account.trackingState === "archived" && <Badge>Archived</Badge>}
      {account.hidden && <Badge>Hidden</Badge>}
    </>
  );
}

/** On an account's page: a stopped, archived or hidden account says so, with the date. */
export function HousekeepingBanner({ account }: { account: Account }) {
  const since = account.trackingChangedAt ? ` since ${formatDate(account.trackingChangedAt)}` : "";
  const lines: string[] = [];
  if (account.trackingState === "stopped")
    lines.push(`Tracking stopped${since}: this account does not sync. Its transactions stay. Resume it from Manage.`);
  if (account.trackingState === "archived")
    lines.push(
      `Archived${since}: out of lists and totals, and not synced. Nothing was deleted. Restore it from Manage.`,
    );
  if (account.hidden) lines.push("Hidden: left out of lists, pickers and totals. It still syncs while tracked.");
  if (lines.length === 0) return null;
  return (
    <div className="mb-6 space-y-1 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800" data-testid="housekeeping">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * Each consent of these accounts whose access ends soon, named with its holder and every tracked
 * account under it (not only the ones on this page).
 */
export function AccessEndingNotes({ accounts, className }: { accounts: Account[]; className?: string }) {
  const consents = useConsents();
  const all = itemsOf(useAccounts().data);
  const { allowed } = useCanManageAccounts();
  const ids = new Set(accounts.filter((a) => a.trackingState === "tracking").map((a) => a.consentId));
  const ending = endingSoon(consents.data?.items ?? []).filter((c) => ids.has(c.id));
  if (ending.length === 0) return null;
  const named = (all.length > 0 ? all : accounts).filter((a) => a.trackingState === "tracking");
  return (
    <div className={className ?? "mb-6 space-y-2"}>
      {ending.map((c) => (
        <AccessEndingNote key={c.id} consent={c} accounts={named} canRenew={allowed} />
      ))}
    </div>
  );
}
