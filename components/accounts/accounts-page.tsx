"use client";
// The tracked accounts of the scope: balance, last sync, live progress of running syncs, Sync now.
import Link from "next/link";
import { ACCOUNT_TYPES, accountTitle, formatMoney } from "@/components/accounts/format";
import { accessEnded } from "@/components/accounts/health";
import { ManageAccountsReason } from "@/components/accounts/manage-reason";
import { SyncNowButton } from "@/components/accounts/sync-now-button";
import { SyncProgress } from "@/components/accounts/sync-progress";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { ButtonLink } from "@/components/ui/button";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/card";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Table, Td } from "@/components/ui/table";
import { isActive, newestRun, useAccounts, useSyncStatus, type Account } from "@/lib/client/accounts";
import { LoadMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";

function AccountRow({ account, ended }: { account: Account; ended: boolean }) {
  // Only accounts with a queued or running sync are polled; the list refreshes when one ends.
  const polling = isActive(account.latestSync?.state);
  const status = useSyncStatus(account.id, { enabled: polling, idleIntervalMs: false, knownRun: account.latestSync });
  const run = newestRun(polling ? status.data?.run : null, account.latestSync);
  const title = accountTitle(account);
  return (
    <tr>
      <Td>
        <Link href={`/accounts/${account.id}`} className="font-medium text-indigo-700 hover:underline">
          {title}
        </Link>
        <span className="block font-mono text-xs text-slate-600">{formatIban(account.iban)}</span>
        <span className="block text-xs text-slate-500">
          {account.bankName ?? account.bankId} · {account.countryCode}
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
        {ended ? (
          <span className="text-sm text-amber-900">No longer syncing; reconnect below</span>
        ) : (
          <SyncProgress run={run} label={`Sync progress of ${title}`} compact />
        )}
      </Td>
      <Td className="text-right">
        {ended ? (
          <Badge tone="amber">Access ended</Badge>
        ) : (
          <SyncNowButton accountId={account.id} running={isActive(run?.state)} size="sm" context={title} />
        )}
      </Td>
    </tr>
  );
}

export function AccountsPage() {
  const accounts = useAccounts();
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Bank accounts tracked in this scope. Their transactions are synced from the bank, on demand and automatically."
        action={
          <ButtonLink href="/consents" variant="secondary">
            Bank connections
          </ButtonLink>
        }
      />
      <ManageAccountsReason className="mb-4 rounded-md bg-slate-100 px-4 py-2 text-sm text-slate-700" />
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
              Connect a bank, then track its accounts: open the bank connection and press Track next to an account.
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
                {items.map((a) => (
                  <AccountRow key={a.id} account={a} ended={accessEnded(a) !== null} />
                ))}
              </Table>
              <LoadMore pages={accounts}>Load more accounts</LoadMore>
            </>
          )}
        </PagedStates>
      </Card>
    </>
  );
}
