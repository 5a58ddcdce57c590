"use client";
// One counterpart: alias, the bank names and keys behind it, consolidated members, client binding,
// its default category, the registry company it is ("Who is this?"), a chart of its monthly totals
// and its transactions (each re-bindable).
import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { formatMoney } from "@/components/accounts/format";
import { Card, CardHeader, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { AliasEditor } from "@/components/counterparts/alias-editor";
import { BindClient } from "@/components/counterparts/bind-client";
import { DefaultCategory } from "@/components/categories/default-category";
import { CounterpartCompany } from "@/components/counterparts/counterpart-company";
import { CounterpartTransactions } from "@/components/counterparts/counterpart-transactions";
import { MonthlyChart } from "@/components/counterparts/monthly-chart";
import { useCounterpart, useCounterparts } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope } from "@/lib/client/hooks";
import { itemsOf } from "@/lib/client/domain-hooks";

/** One part of "Behind this counterpart": a small heading over what it lists. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-medium text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

export function CounterpartDetailView({ id, accountId }: { id: string; accountId?: string }) {
  const { scope } = useCurrentScope();
  const canEdit = scope?.role === "admin" || scope?.role === "member";
  const detail = useCounterpart(id, accountId);
  const choices = useCounterparts(accountId ?? "", { sort: "name", order: "asc" });
  if (detail.isPending) return <SkeletonRows rows={6} label="Loading counterpart" />;
  if (detail.isError) return <FormError message={errorMessage(detail.error)} />;
  const c = detail.data;
  const options = accountId ? itemsOf(choices.data) : [];
  // Each currency gets its own line and chart: sums in different currencies are never added.
  const currencies = c.totalsByCurrency.map((t) => t.currency);
  const summary = c.totalsByCurrency.length
    ? c.totalsByCurrency
        .map(
          (t) =>
            `${t.count} in ${t.currency} · in ${formatMoney(t.sumIn, t.currency)} · out ${formatMoney(t.sumOut, t.currency)}`,
        )
        .join("; ")
    : "No transactions yet";
  return (
    <div className="space-y-6">
      <PageHeader
        title={c.displayName}
        description={c.alias ? `Named ${c.name} at the bank` : undefined}
        action={
          accountId && (
            <AppLink className="text-sm text-indigo-700 hover:underline" href={`/accounts/${accountId}/counterparts`}>
              All counterparts
            </AppLink>
          )
        }
      />
      <div>
        <AliasEditor id={c.id} name={c.name} alias={c.alias} accountCount={c.accountCount} canEdit={canEdit} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title="Per month" description={<span data-testid="counterpart-totals">{summary}</span>} />
          {currencies.map((currency) => (
            <div key={currency} className="p-4">
              {currencies.length > 1 && <h3 className="mb-2 text-sm font-semibold text-slate-900">In {currency}</h3>}
              <MonthlyChart months={c.monthly.filter((m) => m.currency === currency)} currency={currency} />
            </div>
          ))}
        </Card>
        <Card>
          <CardHeader title="Behind this counterpart" />
          <div className="space-y-4 px-5 py-4 text-sm">
            <Part title="Names at the bank">
              <ul className="mt-1 text-slate-600">
                {c.bankNames.map((n) => (
                  <li key={n.name}>
                    {n.name} <span className="text-slate-500">({n.count})</span>
                  </li>
                ))}
              </ul>
            </Part>
            <Part title="Match keys">
              <ul className="mt-1 break-all text-slate-600">
                {c.keys.map((k) => (
                  <li key={`${k.kind}:${k.value}`}>
                    {k.kind}: {k.value}
                  </li>
                ))}
              </ul>
            </Part>
            {c.members.length > 0 && (
              <Part title="Consolidated into this one">
                <ul className="mt-1 text-slate-600">
                  {c.members.map((m) => (
                    <li key={m.id}>{m.displayName}</li>
                  ))}
                </ul>
              </Part>
            )}
            <Part title="Client">
              <BindClient counterpartId={c.id} entity={c.entity} canEdit={canEdit} />
            </Part>
            {!c.mergedIntoId && (
              <Part title="Category">
                <DefaultCategory counterpartId={c.id} current={c.defaultCategoryId} canEdit={canEdit} />
              </Part>
            )}
          </div>
        </Card>
      </div>
      <CounterpartCompany key={c.company?.clientId ?? "none"} counterpart={c} canEdit={canEdit} />
      <Card>
        <CardHeader
          title="Transactions"
          description="Move a transaction to another counterpart; the choice survives re-syncs."
        />
        <CounterpartTransactions
          counterpartId={c.id}
          choices={
            options.length
              ? options
              : [
                  {
                    ...c,
                    consolidatedCount: 0,
                    currency: currencies[0] ?? "EUR",
                    totals: c.totalsByCurrency[0] ?? { count: 0, sumIn: "0", sumOut: "0", lastDate: null },
                  },
                ]
          }
          canEdit={canEdit && options.length > 0}
        />
      </Card>
    </div>
  );
}
