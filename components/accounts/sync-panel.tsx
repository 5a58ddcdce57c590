"use client";
// The account's sync: live progress and Sync now in one line, a failure with what to do, and the
// details (next automatic update, how many a day within PSD2's 4 unattended accesses) on request.
import { accountHealth, syncBlockedReason } from "@/components/accounts/health";
import { AdviceText } from "@/components/accounts/health-note";
import { ManageAccountsReason } from "@/components/accounts/manage-reason";
import { SyncNowButton } from "@/components/accounts/sync-now-button";
import { SyncProgress } from "@/components/accounts/sync-progress";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError, SelectField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import {
  isActive,
  newestRun,
  useCanManageAccounts,
  useSetAutoUpdate,
  useSyncStatus,
  type Account,
} from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

/** The choices in order: each one's value is its number of automatic updates a day (0 to 3). */
const LABELS = ["Off (sync by hand only)", "Once a day", "Twice a day", "Three times a day"];
const PER_DAY = LABELS.map((label, times) => ({ value: String(times), label }));

function AutoUpdateSelect({ account, perDay }: { account: Account; perDay: number }) {
  const setAuto = useSetAutoUpdate(account.id);
  const toast = useToast();
  const { allowed } = useCanManageAccounts();
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
          <ManageAccountsReason className="mt-1 block text-slate-600" inline />
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

/**
 * The account's sync in one line (progress, Sync now) over the transactions, with the details (the
 * last successful sync, the next update, PSD2's unattended budget, updates per day) behind a
 * disclosure. `status` is the page's useSyncStatus (one poll per account page).
 */
export function SyncPanel({ account, status }: { account: Account; status: ReturnType<typeof useSyncStatus> }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const s = status.data;
  const run = newestRun(s?.run, account.latestSync);
  const running = isActive(run?.state);
  const health = accountHealth({ ...account, latestSync: run });
  const perDay = s?.autoUpdatesPerDay ?? account.autoUpdatesPerDay;
  const nextUpdate =
    health.kind === "ended"
      ? "none until reconnected"
      : perDay === 0
        ? "off"
        : formatDateTime(s?.nextScheduledAt ?? account.nextScheduledAt, "not scheduled");
  return (
    <Card>
      {/* On a phone: the progress beside Sync now, the times in the details (the rows come first). */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-5 sm:gap-y-3 sm:px-5">
        <SyncProgress run={run} label="Sync progress" compact width="min-w-0 flex-1 sm:w-56 sm:flex-none" />
        <p className="hidden min-w-0 text-xs text-slate-600 sm:block sm:flex-1">
          Last successful sync {formatDateTime(s?.lastSucceededAt ?? account.lastSyncedAt, "never")}
          <span className="block">Next automatic update: {nextUpdate}</span>
        </p>
        <span className="flex flex-col-reverse items-end gap-1 sm:flex-row sm:flex-wrap sm:items-start sm:gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? "Hide sync details" : "Sync details"}
          </Button>
          <SyncNowButton accountId={account.id} running={running} blockedReason={syncBlockedReason(account)} />
        </span>
      </div>
      {status.isError && (
        <div className="px-5 pb-3">
          <FormError message={errorMessage(status.error)} />
        </div>
      )}
      {health.kind === "failed" && (
        <div
          role="alert"
          className="mx-5 mb-3 rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 ring-1 ring-inset ring-red-200"
        >
          <p className="font-medium">{health.message}</p>
          <AdviceText advice={health.advice} className="mt-1" />
        </div>
      )}
      <div id={detailsId} hidden={!open} className="space-y-5 border-t border-slate-100 p-5">
        <p className="text-sm text-slate-600">
          Transactions are fetched from the bank page by page; new ones are added, changed ones updated.
        </p>
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">Last successful sync</dt>
            <dd className="mt-1">{formatDateTime(s?.lastSucceededAt ?? account.lastSyncedAt, "Never")}</dd>
          </div>
          <div className="sm:hidden">
            <dt className="text-xs text-slate-500">Next automatic update</dt>
            <dd className="mt-1">{nextUpdate}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Automatic updates</dt>
            <dd className="mt-1">{perDay === 0 ? "Off" : `${perDay} a day`}</dd>
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
        <AutoUpdateSelect account={account} perDay={perDay} />
      </div>
    </Card>
  );
}
