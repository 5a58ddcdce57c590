"use client";
// "Sync now": starts an attended sync (or joins the one already queued or running). Disabled, with
// the reason in words next to it, when no sync could work (access to the bank ended) or the person
// may not sync (a viewer).
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCanManageAccounts, useSyncNow } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

export function SyncNowButton({
  accountId,
  running,
  blockedReason = null,
  label = "Sync now",
  context,
  size = "md",
}: {
  accountId: string;
  running: boolean;
  /** Why no sync can work now (components/accounts/health.ts syncBlockedReason); shown beside it. */
  blockedReason?: string | null;
  label?: string;
  /** Which account, for screen readers: the name is the visible text plus this ("Sync now Savings"). */
  context?: string;
  size?: "sm" | "md";
}) {
  const sync = useSyncNow(accountId);
  const toast = useToast();
  const reasonId = useId();
  const { allowed, reason } = useCanManageAccounts();
  // A viewer's reason is said once at the top of the page; here it is the button's title only.
  const why = blockedReason;
  return (
    <span className="inline-flex max-w-xs flex-col items-end gap-1">
      <Button
        variant="secondary"
        size={size}
        title={!allowed ? (reason ?? undefined) : running ? "A sync is already running" : undefined}
        aria-describedby={why ? reasonId : undefined}
        disabled={why !== null || !allowed || running}
        pending={sync.isPending}
        onClick={() => sync.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
      >
        {running ? "Syncing…" : label}
        {context && <span className="sr-only"> {context}</span>}
      </Button>
      {why && (
        <span id={reasonId} className="text-right text-xs text-slate-600">
          {why}
        </span>
      )}
    </span>
  );
}
