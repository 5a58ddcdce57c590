"use client";
// Each tracked account's balance as the bank reported it, in its own currency (never summed across
// currencies), with its health next to it (components/accounts/health.ts): access that ended says
// so with Reconnect, a failed sync says what to do, and only a sound account says "Up to date".
// Under each balance, a small line of its last 90 days (the account page has the full chart).
import { AppLink } from "@/components/ui/app-link";
import { accountTitle, formatBankDate, formatMoney } from "@/components/accounts/format";
import { accountHealth, healthSummary } from "@/components/accounts/health";
import { HealthNote } from "@/components/accounts/health-note";
import { BalanceSparkline } from "@/components/dashboard/balance-sparkline";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import type { Account } from "@/lib/client/accounts";

function BalanceNote({ account }: { account: Account }) {
  if (account.balance)
    return (
      <>
        {account.balance.currency}
        {account.balance.date ? ` · on ${formatBankDate(account.balance.date)}` : ""}
      </>
    );
  return <>{account.lastSyncedAt ? "Not reported by the bank yet" : "Known after the first sync"}</>;
}

export function BalancesCard({ accounts, canManage }: { accounts: Account[]; canManage: boolean }) {
  const healths = accounts.map((a) => accountHealth(a));
  return (
    <Card>
      <CardHeader
        title="Accounts and sync health"
        description={healthSummary(healths)}
        action={
          <AppLink href="/accounts" className="text-sm font-medium text-indigo-700 underline">
            All accounts
          </AppLink>
        }
      />
      <ul className="divide-y divide-slate-100" aria-label="Tracked accounts">
        {accounts.map((a, i) => {
          const health = healths[i];
          return (
            <li
              key={a.id}
              className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1.2fr)] sm:items-start"
              data-account-id={a.id}
            >
              <div className="min-w-0">
                <AppLink
                  href={`/accounts/${a.id}`}
                  className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  {accountTitle(a)}
                </AppLink>
                <p className="break-all font-mono text-xs text-slate-600">{formatIban(a.iban)}</p>
                <p className="text-xs text-slate-600">{a.bankName ?? "Bank"}</p>
              </div>
              <div className="sm:text-right">
                <div className="text-lg font-semibold tabular-nums text-slate-900" data-testid="balance">
                  {a.balance ? formatMoney(a.balance.amount, a.balance.currency) : "—"}
                </div>
                <p className="text-xs text-slate-600">
                  <BalanceNote account={a} />
                </p>
                {a.balance && <BalanceSparkline accountId={a.id} />}
              </div>
              <div className="space-y-1 text-xs text-slate-700" data-testid="health">
                <HealthNote health={health} consentId={a.consentId} bankName={a.bankName} canReconnect={canManage} />
                <p>Last sync: {formatDateTime(a.lastSyncedAt, "never")}</p>
                <p>
                  Next automatic update:{" "}
                  {health.kind === "ended"
                    ? "none until reconnected"
                    : health.kind === "stopped"
                      ? "none while tracking is stopped"
                      : a.autoUpdatesPerDay === 0
                        ? "off"
                        : formatDateTime(a.nextScheduledAt, "not scheduled")}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
