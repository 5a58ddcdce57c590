"use client";
// The account's sync: Sync now, live progress, last error, next automatic update, and how many
// automatic updates a day (within the PSD2 budget of 4 unattended accesses a day).
import { accountHealth, syncBlockedReason } from "@/components/accounts/health";
import { SyncNowButton } from "@/components/accounts/sync-now-button";
import { SyncProgress } from "@/components/accounts/sync-progress";
import { Card, CardHeader } from "@/components/ui/card";
import { FormError, SelectField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import { newestRun, useCanManageAccounts, useSetAutoUpdate, useSyncStatus, type Account } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

/** The choices in order: each one's value is its number of automatic updates a day (0 to 3). */
const LABELS = ["Off (sync by hand only)", "Once a day", "Twice a day", "Three times a day"];
const PER_DAY = LABELS.map((label, times) => ({ value: String(times), label }));

function AutoUpdateSelect({ account, perDay }: { account: Account; perDay: number }) {
  const setAuto = useSetAutoUpdate(account.id);
  const toast = useToast();
  const { allowed, reason } = useCanManageAccounts();
  return (
    <SelectField
      label="Automatic updates per day"
      className="max-w-sm"
      options={PER_DAY}
      value={String(perDay)}
      disabled={!allowed || setAuto.isPending}
      hint={
        <>
          Banks allow 4 unattended updates a day; one is kept for retries.
          {!allowed && reason && <span className="mt-1 block text-slate-600">{reason}</span>}
        </>
      }
      error={setAuto.isError ? errorMessage(setAuto.error) : undefined}
      onChange={(e) =>
        setAuto.mutate(Number(e.target.value), {
          onSuccess: (r) =>
            toast.success(
              r.autoUpdatesPerDay === 0 ? "Automatic updates are off." : `Updating ${r.autoUpdatesPerDay}× a day.`,
            ),
        })
      }
    />
  );
}

/** `status` is the page's useSyncStatus (one poll per account page). */
export function SyncPanel({ account, status }: { account: Account; status: ReturnType<typeof useSyncStatus> }) {
  const s = status.data;
  const run = newestRun(s?.run, account.latestSync);
  const running = run?.state === "queued" || run?.state === "running";
  const health = accountHealth({ ...account, latestSync: run });
  return (
    <Card>
      <CardHeader
        title="Sync"
        description="Transactions are fetched from the bank page by page; new ones are added, changed ones updated."
        action={<SyncNowButton accountId={account.id} running={running} blockedReason={syncBlockedReason(account)} />}
      />
      <div className="space-y-5 p-5">
        {status.isError && <FormError message={errorMessage(status.error)} />}
        <SyncProgress run={run} advice={health.kind === "failed" ? health.advice : undefined} />
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">Last successful sync</dt>
            <dd className="mt-1">{formatDateTime(s?.lastSucceededAt ?? account.lastSyncedAt, "Never")}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Next automatic update</dt>
            <dd className="mt-1">
              {(s?.autoUpdatesPerDay ?? account.autoUpdatesPerDay) === 0
                ? "Off"
                : formatDateTime(s?.nextScheduledAt ?? account.nextScheduledAt, "Not scheduled")}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Unattended updates left today</dt>
            <dd className="mt-1">
              {s ? `${s.psd2.left} of ${s.psd2.unattendedAccessesPerDay}` : "—"}
              {s && s.psd2.left === 0 && s.psd2.nextAllowedAt && (
                <span className="block text-xs text-slate-500">next at {formatDateTime(s.psd2.nextAllowedAt)}</span>
              )}
            </dd>
          </div>
        </dl>
        <AutoUpdateSelect account={account} perDay={s?.autoUpdatesPerDay ?? account.autoUpdatesPerDay} />
      </div>
    </Card>
  );
}
