"use client";
// Each tracked account's balance as the bank reported it, in its own currency (never summed across
// currencies), with the sync health next to it: last sync, a failure with what to do, next run.
import Link from "next/link";
import { accountTitle, formatBankDate, formatMoney } from "@/components/accounts/format";
import { SyncAdvice } from "@/components/accounts/sync-advice";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import type { Account } from "@/lib/client/accounts";

function Health({ account }: { account: Account }) {
  const run = account.latestSync;
  if (run?.state === "queued" || run?.state === "running") return <Badge tone="indigo">Syncing now</Badge>;
  if (run?.state === "failed") {
    return (
      <div className="space-y-1">
        <Badge tone="red">Last sync failed</Badge>
        <SyncAdvice
          lastError={run.lastError ?? ""}
          consentId={account.consentId}
          className="text-xs text-slate-700"
          linkClassName="font-medium text-indigo-700 underline"
        />
      </div>
    );
  }
  if (!account.lastSyncedAt) return <Badge tone="amber">Not synced yet</Badge>;
  return <Badge tone="green">Up to date</Badge>;
}

export function BalancesCard({ accounts }: { accounts: Account[] }) {
  const failed = accounts.filter((a) => a.latestSync?.state === "failed").length;
  return (
    <Card>
      <CardHeader
        title="Accounts and sync health"
        description={
          failed > 0
            ? `${failed} of ${accounts.length} accounts could not sync last time; see what to do below.`
            : `All ${accounts.length} accounts synced without errors. Balances are the bank's, in each account's currency.`
        }
        action={
          <Link href="/accounts" className="text-sm font-medium text-indigo-700 underline">
            All accounts
          </Link>
        }
      />
      <ul className="divide-y divide-slate-100" aria-label="Tracked accounts">
        {accounts.map((a) => (
          <li
            key={a.id}
            className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1.2fr)] sm:items-start"
            data-account-id={a.id}
          >
            <div className="min-w-0">
              <Link
                href={`/accounts/${a.id}`}
                className="font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                {accountTitle(a)}
              </Link>
              <p className="break-all font-mono text-xs text-slate-600">{formatIban(a.iban)}</p>
              <p className="text-xs text-slate-600">{a.bankName ?? "Bank"}</p>
            </div>
            <div className="sm:text-right">
              <p className="text-lg font-semibold tabular-nums text-slate-900" data-testid="balance">
                {a.balance ? formatMoney(a.balance.amount, a.balance.currency) : "—"}
              </p>
              <p className="text-xs text-slate-600">
                {a.balance
                  ? `${a.balance.currency}${a.balance.date ? ` · on ${formatBankDate(a.balance.date)}` : ""}`
                  : "Known after the first sync"}
              </p>
            </div>
            <div className="space-y-1 text-xs text-slate-700">
              <Health account={a} />
              <p>Last sync: {formatDateTime(a.lastSyncedAt, "never")}</p>
              <p>
                Next automatic update:{" "}
                {a.autoUpdatesPerDay === 0 ? "off" : formatDateTime(a.nextScheduledAt, "not scheduled")}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
