"use client";
// "Where do I stand": the balances per currency (never added across currencies) and the latest
// transactions across every account, with the way to all of them.
import { AppLink } from "@/components/ui/app-link";
import { accountTitle, formatBankDate, formatMoney, isNegative, plural } from "@/components/accounts/format";
import { balanceTotals, splitForTotals } from "@/components/dashboard/totals";
import { Card, CardHeader, SkeletonRows } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import type { Account } from "@/lib/client/accounts";
import { useScopeTransactions } from "@/lib/client/transactions";

export function TotalsCard({ accounts }: { accounts: Account[] }) {
  const { counted, ended, hidden } = splitForTotals(accounts);
  const totals = balanceTotals(counted);
  return (
    <Card>
      <CardHeader
        title="Total balance"
        description="The banks' balances of the accounts still syncing, added up per currency."
      />
      <ul className="grid gap-4 px-5 py-4 sm:grid-cols-2" aria-label="Total balance per currency">
        {totals.map((t) => (
          <li key={t.currency} data-currency={t.currency}>
            <div className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="currency-total">
              {t.accounts > 0 ? formatMoney(t.total, t.currency) : "—"}
            </div>
            <p className="text-xs text-slate-600" data-testid="currency-total-note">
              {t.currency} · {plural(t.accounts, "account")}
              {t.unknown > 0 && ` · ${plural(t.unknown, "account")} without a balance yet, not included`}
            </p>
          </li>
        ))}
      </ul>
      {(ended.length > 0 || hidden > 0) && (
        <div className="border-t border-slate-100 px-5 py-3 text-xs text-slate-700" data-testid="totals-left-out">
          {ended.length > 0 && (
            <>
              <p className="font-medium text-slate-800">
                Not in the total: {plural(ended.length, "account")} no longer syncing
              </p>
              <ul className="mt-1 space-y-0.5">
                {ended.map((a) => (
                  <li key={a.id}>
                    {accountTitle(a)} ({endedWhy(a)}):{" "}
                    {a.balance
                      ? `${formatMoney(a.balance.amount, a.balance.currency)}${a.balance.date ? ` on ${formatBankDate(a.balance.date)}` : ""}`
                      : "no balance read"}
                  </li>
                ))}
              </ul>
            </>
          )}
          {hidden > 0 && (
            <p className={ended.length > 0 ? "mt-1" : undefined}>
              {plural(hidden, "hidden account")} not counted.{" "}
              <AppLink href="/accounts" className="font-medium text-indigo-700 underline">
                See them under Accounts
              </AppLink>
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

/** Why an account's balance no longer updates, in a word or two. */
function endedWhy(account: Account): string {
  if (account.trackingState === "archived") return "archived";
  if (account.trackingState === "stopped") return "tracking stopped";
  return "bank access ended";
}

export function RecentActivityCard() {
  const recent = useScopeTransactions({}, true);
  const rows = (recent.data?.pages[0]?.items ?? []).slice(0, 6);
  return (
    <Card>
      <CardHeader
        title="Recent activity"
        description="The latest transactions of every account."
        action={
          <AppLink href="/transactions" className="text-sm font-medium text-indigo-700 underline">
            All transactions
          </AppLink>
        }
      />
      {recent.isPending ? (
        <SkeletonRows rows={4} label="Loading recent activity" />
      ) : rows.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No transactions yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent transactions">
          {rows.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 px-5 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">
                  {t.counterpartDisplayName ?? t.counterpartName ?? t.remittanceInformation ?? "—"}
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {formatBankDate(t.bookingDate ?? t.valueDate)} · {t.accountName ?? "Account"}
                  {t.status === "pending" && " · pending"}
                </span>
              </span>
              <span
                className={cx(
                  "shrink-0 font-medium tabular-nums",
                  t.isTransfer ? "text-slate-600" : isNegative(t.amount) ? "text-red-700" : "text-emerald-700",
                )}
              >
                {formatMoney(t.amount, t.currency, { signed: true })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
