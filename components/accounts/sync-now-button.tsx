"use client";
// "Sync now": starts an attended sync (or joins the one already queued or running).
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useCanManageAccounts, useSyncNow } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

export function SyncNowButton({
  accountId,
  running,
  label = "Sync now",
  context,
  size = "md",
}: {
  accountId: string;
  running: boolean;
  label?: string;
  /** Which account, for screen readers: the name is the visible text plus this ("Sync now Savings"). */
  context?: string;
  size?: "sm" | "md";
}) {
  const sync = useSyncNow(accountId);
  const toast = useToast();
  const { allowed, reason } = useCanManageAccounts();
  return (
    <Button
      variant="secondary"
      size={size}
      title={!allowed ? (reason ?? undefined) : running ? "A sync is already running" : undefined}
      disabled={!allowed || running}
      pending={sync.isPending}
      onClick={() => sync.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
    >
      {running ? "Syncing…" : label}
      {context && <span className="sr-only"> {context}</span>}
    </Button>
  );
}
