"use client";
// The tracked accounts of the scope: balance, last sync, live progress of running syncs, Sync now.
// An account kept from statement files has no sync: its row says so; the header adds one.
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { AccountMenu, useHousekeeping } from "@/components/accounts/account-menu";
import { AccessEndingNotes, HousekeepingBadges } from "@/components/accounts/account-notices";
import { ACCOUNT_TYPES, accountTitle, formatMoney, plural } from "@/components/accounts/format";
import { accessEnded } from "@/components/accounts/health";
import { AddFileAccountButton } from "@/components/accounts/file-account-dialog";
import { ManageAccountsReason } from "@/components/accounts/manage-reason";
import { SyncNowButton } from "@/components/accounts/sync-now-button";
import { SyncProgress } from "@/components/accounts/sync-progress";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { Button, ButtonLink } from "@/components/ui/button";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/card";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Table, Td } from "@/components/ui/table";
import { isActive, newestRun, useAccounts, useSyncStatus, type Account } from "@/lib/client/accounts";
import { LoadMore } from "@/components/ui/load-more";
import { shownByDefault } from "@/lib/client/account-housekeeping";
import { itemsOf } from "@/lib/client/domain-hooks";
import { PagedStates } from "@/components/ui/query-states";

type Run = ReturnType<typeof useHousekeeping>["run"];

function AccountRow({ account, ended, onAction }: { account: Account; ended: boolean; onAction: Run }) {
  // Only accounts with a queued or running sync are polled; the list refreshes when one ends.
  const polling = isActive(account.latestSync?.state);
  const status = useSyncStatus(account.id, { enabled: polling, idleIntervalMs: false, knownRun: account.latestSync });
  const run = newestRun(polling ? status.data?.run : null, account.latestSync);
  const title = accountTitle(account);
  const tracked = account.trackingState === "tracking";
  const fromFiles = account.source === "file";
  return (
    <tr>
      <Td>
        <AppLink href={`/accounts/${account.id}`} className="font-medium text-indigo-700 hover:underline">
          {title}
        </AppLink>
        <span className="block font-mono text-xs text-slate-600">{formatIban(account.iban)}</span>
        <span className="block text-xs text-slate-500">
          {fromFiles
            ? (account.bankName ?? "No bank connection")
            : `${account.bankName ?? account.bankId} · ${account.countryCode}`}
        </span>
        <span className="mt-1 flex flex-wrap gap-1">
          <HousekeepingBadges account={account} />
        </span>
      </Td>
      <Td>{ACCOUNT_TYPES[account.accountType]}</Td>
      <Td className="text-right tabular-nums">
        {account.balance ? (
          <>
            <span className="font-medium text-slate-900">
              {formatMoney(account.balance.amount, account.balance.currency)}
            </span>
            {account.balance.date && (
              <span className="block text-xs text-slate-500">on {formatDate(account.balance.date)}</span>
            )}
          </>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </Td>
      <Td>{formatDateTime(account.lastSyncedAt, "Never")}</Td>
      <Td>
        {/* An account whose bank access ended does not sync: it must not look synced. */}
        {fromFiles ? (
          <span className="text-sm text-slate-700">From statement files</span>
        ) : !tracked ? (
          <span className="text-sm text-slate-700">Not synced: tracking stopped</span>
        ) : ended ? (
          <span className="text-sm text-amber-900">No longer syncing; reconnect below</span>
        ) : (
          <SyncProgress run={run} label={`Sync progress of ${title}`} compact />
        )}
      </Td>
      <Td className="text-right">
        <span className="inline-flex flex-wrap items-center justify-end gap-2">
          {ended ? (
            <Badge tone="amber">Access ended</Badge>
          ) : (
            tracked &&
            !fromFiles && (
              <SyncNowButton accountId={account.id} running={isActive(run?.state)} size="sm" context={title} />
            )
          )}
          <AccountMenu account={account} onAction={onAction} size="sm" />
        </span>
      </Td>
    </tr>
  );
}

export function AccountsPage() {
  const accounts = useAccounts();
  const housekeeping = useHousekeeping();
  // Hidden and archived accounts are left out until the person asks.
  const [showAll, setShowAll] = useState(false);
  const all = itemsOf(accounts.data);
  const away = all.filter((a) => !shownByDefault(a)).length;
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Bank accounts tracked in this scope. Their transactions are synced from the bank, on demand and automatically, or imported from statement files."
        action={
          <span className="flex flex-wrap gap-2">
            <AddFileAccountButton />
            <ButtonLink href="/consents" variant="secondary">
              Bank connections
            </ButtonLink>
          </span>
        }
      />
      <ManageAccountsReason className="mb-4 rounded-md bg-slate-100 px-4 py-2 text-sm text-slate-700" />
      {housekeeping.status}
      <AccessEndingNotes accounts={all.filter(shownByDefault)} className="mb-4 space-y-2" />
      <Card>
        <PagedStates
          query={accounts}
          rows={4}
          loading="Loading accounts"
          empty={
            <EmptyState
              title="No tracked accounts yet"
              action={<ButtonLink href="/consents">Go to bank connections</ButtonLink>}
            >
              Connect a bank, then track its accounts: open the bank connection and press Track next to an account. For
              a bank Ledgerlink cannot connect to, add an account kept from statement files (above).
            </EmptyState>
          }
        >
          {(items) => (
            <>
              <Table
                caption="Tracked accounts"
                actions
                head={[
                  "Account and IBAN",
                  "Type",
                  <span key="b" className="block text-right">
                    Balance
                  </span>,
                  "Last synced",
                  "Sync",
                ]}
              >
                {items
                  .filter((a) => showAll || shownByDefault(a))
                  .map((a) => (
                    <AccountRow key={a.id} account={a} ended={accessEnded(a) !== null} onAction={housekeeping.run} />
                  ))}
              </Table>
              {away > 0 && (
                <div className="border-t border-slate-100 px-5 py-3">
                  <Button variant="ghost" size="sm" aria-pressed={showAll} onClick={() => setShowAll((s) => !s)}>
                    {showAll
                      ? `Leave out ${plural(away, "hidden or archived account")}`
                      : `Show ${plural(away, "hidden account")}`}
                  </Button>
                </div>
              )}
              <LoadMore pages={accounts}>Load more accounts</LoadMore>
            </>
          )}
        </PagedStates>
      </Card>
    </>
  );
}
