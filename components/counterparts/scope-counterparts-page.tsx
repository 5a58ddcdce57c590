"use client";
// Every counterpart of the workspace (the navigation's "Counterparts"): search, the most active
// first, narrowed to one account if asked (kept in the URL, so an account can link here). Renaming,
// consolidating and families stay on an account's own list, where the totals share one currency.
import { AppLink } from "@/components/ui/app-link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { AccountSelect } from "@/components/accounts/account-select";
import { accountTitle } from "@/components/accounts/format";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { useDebounced } from "@/components/ui/use-debounced";
import { PagedCounterparts } from "@/components/counterparts/paged-counterparts";
import { ScopeCounterpartsTable } from "@/components/counterparts/scope-counterparts-table";
import { useCounterpartSort } from "@/components/counterparts/use-counterpart-sort";
import { useAccounts } from "@/lib/client/accounts";
import { useScopeCounterparts, type ScopeCounterpartSort } from "@/lib/client/counterparts";
import { itemsOf } from "@/lib/client/domain-hooks";

export function ScopeCounterpartsPage() {
  const router = useRouter();
  const pathname = usePathname();
  const accountId = useSearchParams().get("account") ?? "";
  const accounts = itemsOf(useAccounts().data);
  const [q, setQ] = useState("");
  const search = useDebounced(q, 250);
  const sorting = useCounterpartSort<ScopeCounterpartSort>("count");
  const list = useScopeCounterparts({ q: search, sort: sorting.sort, order: sorting.order, accountId });
  const account = accounts.find((a) => a.id === accountId);
  const chooseAccount = (id: string) => router.replace(id ? `${pathname}?account=${id}` : pathname, { scroll: false });

  return (
    <div>
      <PageHeader
        title="Counterparts"
        description="Everyone your accounts pay or are paid by, the most active first. Money is shown per currency."
        action={
          account && (
            <AppLink className="text-sm text-indigo-700 hover:underline" href={`/accounts/${account.id}/counterparts`}>
              Rename and consolidate on {accountTitle(account)}
            </AppLink>
          )
        }
      />
      <Card>
        <CardHeader
          title={account ? `Counterparts of ${accountTitle(account)}` : "All counterparts"}
          action={
            <div className="flex flex-wrap items-center gap-2">
              <AccountSelect accounts={accounts} value={accountId} onChange={chooseAccount} />
              <input
                type="search"
                aria-label="Search counterparts"
                placeholder="Search names and aliases"
                className="w-56 rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300"
                value={q}
                onChange={(e) => setQ(e.target.value)}
              />
            </div>
          }
        />
        <PagedCounterparts list={list} search={search} syncs="an account">
          {(items) => <ScopeCounterpartsTable rows={items} accountId={accountId} {...sorting} />}
        </PagedCounterparts>
      </Card>
    </div>
  );
}
