"use client";
// "Sync now": starts an attended sync (or joins the one already queued or running). Disabled, with
// the reason in words next to it, when no sync could work (access to the bank ended) or the person
// may not sync (a viewer). While a sync runs it stays focusable (aria-disabled): when the sync this
// button started ends, focus moves from it to the line that says so.
import { useId, useRef, useState } from "react";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
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
  const here = useRef<HTMLSpanElement>(null);
  // Whether a sync this button started is still to end, and what was said when it did.
  const [started, setStarted] = useState(false);
  const [ended, setEnded] = useState<ActionOutcome | null>(null);
  const [wasRunning, setWasRunning] = useState(running);
  if (wasRunning !== running) {
    setWasRunning(running);
    if (!running && started) {
      setStarted(false);
      setEnded(outcome("The sync has ended."));
    }
  }
  return (
    <span ref={here} className="inline-flex max-w-xs flex-col items-end gap-1">
      <Button
        variant="secondary"
        size={size}
        title={!allowed ? (reason ?? undefined) : running ? "A sync is already running" : undefined}
        aria-describedby={why ? reasonId : undefined}
        disabled={why !== null || !allowed}
        busy={running}
        pending={sync.isPending}
        onClick={() => {
          setStarted(true);
          setEnded(null);
          sync.mutate(undefined, {
            onError: (error) => {
              setStarted(false);
              toast.error(errorMessage(error));
            },
          });
        }}
      >
        {running ? "Syncing…" : label}
        {context && <span className="sr-only"> {context}</span>}
      </Button>
      <ActionStatus outcome={ended} from={here} className="text-right" />
      {why && (
        <span id={reasonId} className="text-right text-xs text-slate-600">
          {why}
        </span>
      )}
    </span>
  );
}
