"use client";
// The home of the product: where the person stands (balances per currency, recent activity), bank
// access that ends soon (Renew), spending by category, each account's balance and sync health, and
// the way in (Connect a bank) when nothing is connected yet.
import { BalancesCard } from "@/components/dashboard/balances-card";
import { CategorySpendingCard } from "@/components/dashboard/category-spending-card";
import { endingSoon } from "@/components/accounts/access-ending";
import { ConsentsEnding } from "@/components/dashboard/consents-ending";
import { RecentActivityCard, TotalsCard } from "@/components/dashboard/overview-cards";
import { ButtonLink } from "@/components/ui/button";
import { Card, EmptyState, PageHeader, Skeleton, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { useAccounts, useCanManageAccounts } from "@/lib/client/accounts";
import { useConsents } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope, useMe } from "@/lib/client/hooks";
import { itemsOf } from "@/lib/client/domain-hooks";
import { shownByDefault } from "@/lib/client/account-housekeeping";

export function Dashboard() {
  const me = useMe();
  const { scope } = useCurrentScope();
  const accounts = useAccounts();
  const consents = useConsents();
  const canManage = useCanManageAccounts().allowed;
  const firstName = me.data?.user?.name.split(" ")[0];
  const items = itemsOf(accounts.data);
  const allConsents = consents.data?.items ?? [];
  const ending = endingSoon(allConsents);
  const connect = <ButtonLink href="/connect">Connect a bank</ButtonLink>;

  let main;
  if (accounts.isPending)
    main = (
      <Card>
        <SkeletonRows rows={4} label="Loading accounts" />
      </Card>
    );
  else if (accounts.isError) {
    main = (
      <Card className="p-5">
        <FormError
          message={`Your accounts could not be loaded: ${errorMessage(accounts.error)} Reload the page to try again.`}
        />
      </Card>
    );
  } else if (items.length === 0) {
    const connected = allConsents.some((c) => c.status === "valid");
    main = (
      <Card>
        <EmptyState
          title={connected ? "Choose the accounts to follow" : "Connect your first bank"}
          action={
            connected ? (
              <ButtonLink href="/consents">Open bank connections</ButtonLink>
            ) : canManage ? (
              connect
            ) : undefined
          }
        >
          {connected
            ? "A bank is connected, but no account is tracked yet. Track an account to see its balance and transactions here."
            : "Link a bank account through PSD2 to see balances, transactions and counterparts here. It takes under a minute."}
        </EmptyState>
      </Card>
    );
  } else
    main = (
      <>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <TotalsCard accounts={items} />
          <RecentActivityCard />
        </div>
        <CategorySpendingCard />
        <BalancesCard accounts={items.filter(shownByDefault)} canManage={canManage} />
      </>
    );

  return (
    <>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : "Welcome"}
        description={
          scope ? (
            <>
              Working in <strong className="font-medium text-slate-900">{scope.name}</strong>.
            </>
          ) : (
            <Skeleton className="mt-1 h-4 w-72" />
          )
        }
        action={
          items.length > 0 && canManage ? (
            <ButtonLink href="/connect" variant="secondary">
              Connect a bank
            </ButtonLink>
          ) : undefined
        }
      />
      <div className="space-y-6">
        <ConsentsEnding consents={ending} accounts={items} canReconnect={canManage} />
        {main}
      </div>
    </>
  );
}
