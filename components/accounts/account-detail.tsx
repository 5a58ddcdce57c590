"use client";
// One tracked account: who and where, its balance, its sync in one line, its transactions, then
// its balance over time and the reconciliation of its months, then its figures. An account kept from
// statement files has no bank connection and no sync: "From statement files" stands where the
// connection's link would, and the Statements section comes right after the facts (its way in).
import { AppLink } from "@/components/ui/app-link";
import { AccountCharts } from "@/components/accounts/account-charts";
import { BalanceChart } from "@/components/accounts/balance-chart";
import { ReconciliationPanel } from "@/components/accounts/reconciliation-panel";
import { NextExpectedPayments } from "@/components/recurring/next-expected";
import { AccountMenu, useHousekeeping } from "@/components/accounts/account-menu";
import { AccessEndingNotes, HousekeepingBanner } from "@/components/accounts/account-notices";
import { ACCOUNT_TYPES, accountTitle, formatBankDate, formatMoney } from "@/components/accounts/format";
import { Iban } from "@/components/accounts/iban";
import { SyncPanel } from "@/components/accounts/sync-panel";
import { StatementsSection } from "@/components/accounts/statement-import";
import { TransactionsTable } from "@/components/accounts/transactions-table";
import { AccountAccessBanner } from "@/components/accounttracking/account-access";
import { Card, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import type { ReactNode } from "react";
import { InlineRename } from "@/components/ui/inline-rename";
import {
  isActive,
  newestRun,
  useAccount,
  useCanManageAccounts,
  useSetNickname,
  useSyncStatus,
  type Account,
} from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";

/** The person's name for the account, renamed in place (the bank's stays beside it). */
function Nickname({ account }: { account: Account }) {
  const save = useSetNickname(account.id);
  const { allowed } = useCanManageAccounts();
  return (
    <InlineRename
      original={account.name ?? account.product ?? "Account"}
      current={account.nickname}
      canEdit={allowed}
      inputLabel="Nickname for this account"
      maxLength={80}
      onSave={(next) => save.mutateAsync(next)}
      nameClassName="text-sm text-slate-800"
    />
  );
}

/**
 * Who and where, and the balance. On a phone the balance sits beside the name and the smaller facts
 * run on as one line of text (their labels are read out, not shown), so the transactions start near
 * the top.
 */
function Facts({ account }: { account: Account }) {
  const facts: [string, ReactNode][] = [
    ["Type", ACCOUNT_TYPES[account.accountType]],
    ["Currency", account.currency],
    ["Owner", account.ownerName ?? "—"],
    ["Tracked since", formatDate(account.createdAt)],
  ];
  return (
    <Card className="mb-4 sm:mb-6">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 p-4 sm:items-center sm:p-5">
        <dl className="min-w-0 flex-1 space-y-1 sm:grid sm:grid-cols-3 sm:gap-4 sm:space-y-0 lg:grid-cols-6">
          <div className="min-w-0">
            <dt className="sr-only text-xs text-slate-600 sm:not-sr-only">Name</dt>
            <dd className="break-words text-sm text-slate-800 sm:mt-1">
              <Nickname account={account} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="sr-only text-xs text-slate-600 sm:not-sr-only">IBAN</dt>
            <dd className="font-mono text-xs text-slate-800 sm:mt-1">
              <Iban iban={account.iban} />
            </dd>
          </div>
          {facts.map(([label, value], i) => (
            <div key={label} className="inline min-w-0 text-xs text-slate-600 sm:block sm:text-sm">
              <dt className="sr-only sm:not-sr-only sm:text-xs">{label}</dt>
              <dd className="inline break-words sm:mt-1 sm:block sm:text-slate-800">
                {i > 0 && (
                  <span aria-hidden="true" className="sm:hidden">
                    {" "}
                    ·{" "}
                  </span>
                )}
                {label === "Tracked since" ? <span className="sm:hidden">since </span> : null}
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <dl className="shrink-0 text-right">
          <dt className="text-xs text-slate-600">
            Balance{account.balance?.date ? ` on ${formatBankDate(account.balance.date)}` : ""}
          </dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-900 sm:text-2xl">
            {account.balance ? formatMoney(account.balance.amount, account.balance.currency) : "—"}
          </dd>
          {!account.balance && (
            <dd className="text-xs text-slate-500">
              {account.source === "file"
                ? "The imported statements' balances are in the chart below"
                : account.lastSyncedAt
                  ? "Not reported by the bank yet"
                  : "Known after the first sync"}
            </dd>
          )}
        </dl>
      </div>
    </Card>
  );
}

export function AccountDetail({ id }: { id: string }) {
  const account = useAccount(id);
  // The one poll of this page: the sync panel shows it; the table learns whether a sync still runs.
  const status = useSyncStatus(id, { enabled: account.isSuccess, knownRun: account.data?.latestSync ?? null });
  const housekeeping = useHousekeeping();
  if (account.isPending) return <SkeletonRows rows={5} label="Loading account" />;
  if (account.isError) {
    return (
      <>
        <PageHeader
          title="Account"
          description={
            <AppLink href="/accounts" className="text-indigo-700 hover:underline">
              ← All accounts
            </AppLink>
          }
        />
        <FormError message={errorMessage(account.error)} />
      </>
    );
  }
  const a = account.data;
  const syncing = isActive(newestRun(status.data?.run, a.latestSync)?.state);
  const fromFiles = a.source === "file";
  return (
    <>
      <PageHeader
        title={accountTitle(a)}
        description={
          <>
            <AppLink href="/accounts" className="text-indigo-700 hover:underline">
              ← All accounts
            </AppLink>
            <span className="mx-2 text-slate-300">|</span>
            {fromFiles ? (
              <>{a.bankName ? `${a.bankName} · ` : ""}From statement files</>
            ) : (
              <>
                {a.bankName ?? a.bankId} · {a.countryCode} ·{" "}
                <AppLink href={`/consents/${a.consentId}`} className="text-indigo-700 hover:underline">
                  bank connection
                </AppLink>
              </>
            )}
            <span className="mx-2 text-slate-300">|</span>
            <AppLink href={`/accounts/${a.id}/counterparts`} className="text-indigo-700 hover:underline">
              Counterparts
            </AppLink>
          </>
        }
        action={<AccountMenu account={a} onAction={housekeeping.run} />}
      />
      {housekeeping.status}
      <HousekeepingBanner account={a} />
      <AccountAccessBanner account={a} />
      <AccessEndingNotes accounts={[a]} />
      <Facts account={a} />
      {/* Transactions first: the sync is one line above them, the figures follow. */}
      <div className="space-y-4 sm:space-y-6">
        {fromFiles ? <StatementsSection account={a} /> : <SyncPanel account={a} status={status} />}
        <TransactionsTable accountId={a.id} syncing={syncing} />
        <BalanceChart account={a} syncing={syncing} />
        <ReconciliationPanel account={a} />
        <AccountCharts accountId={a.id} syncing={syncing} />
        {!fromFiles && <StatementsSection account={a} />}
        <NextExpectedPayments accountId={a.id} />
      </div>
    </>
  );
}
