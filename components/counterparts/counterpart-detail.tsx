"use client";
// One counterpart: alias, the bank names and keys behind it, consolidated members, client binding,
// a chart of its monthly totals and its transactions (each re-bindable).
import Link from "next/link";
import { formatMoney } from "@/components/accounts/format";
import { Card, CardHeader, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { AliasEditor } from "@/components/counterparts/alias-editor";
import { BindClient } from "@/components/counterparts/bind-client";
import { CounterpartTransactions } from "@/components/counterparts/counterpart-transactions";
import { MonthlyChart } from "@/components/counterparts/monthly-chart";
import { useCounterpart, useCounterparts } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope } from "@/lib/client/hooks";

export function CounterpartDetailView({ id, accountId }: { id: string; accountId?: string }) {
  const { scope } = useCurrentScope();
  const canEdit = scope?.role === "admin" || scope?.role === "member";
  const detail = useCounterpart(id, accountId);
  const choices = useCounterparts(accountId ?? "", { sort: "name", order: "asc" });
  if (detail.isPending) return <SkeletonRows rows={6} label="Loading counterpart" />;
  if (detail.isError) return <FormError message={errorMessage(detail.error)} />;
  const c = detail.data;
  const currency = choices.data?.pages[0]?.items[0]?.currency ?? "EUR";
  const options = accountId ? (choices.data?.pages.flatMap((p) => p.items) ?? []) : [];
  return (
    <div className="space-y-6">
      <PageHeader
        title={c.displayName}
        description={c.alias ? `Named ${c.name} at the bank` : undefined}
        action={accountId && <Link className="text-sm text-indigo-700 hover:underline" href={`/accounts/${accountId}/counterparts`}>All counterparts</Link>}
      />
      <div><AliasEditor id={c.id} name={c.name} alias={c.alias} canEdit={canEdit} /></div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader
            title="Per month"
            description={`${c.totals.count} transactions · in ${formatMoney(c.totals.sumIn, currency)} · out ${formatMoney(c.totals.sumOut, currency)}`}
          />
          <div className="p-4"><MonthlyChart months={c.monthly} currency={currency} /></div>
        </Card>
        <Card>
          <CardHeader title="Behind this counterpart" />
          <div className="space-y-4 px-5 py-4 text-sm">
            <div>
              <h3 className="font-medium text-slate-900">Names at the bank</h3>
              <ul className="mt-1 text-slate-600">{c.bankNames.map((n) => <li key={n.name}>{n.name} <span className="text-slate-400">({n.count})</span></li>)}</ul>
            </div>
            <div>
              <h3 className="font-medium text-slate-900">Match keys</h3>
              <ul className="mt-1 break-all text-slate-600">{c.keys.map((k) => <li key={`${k.kind}:${k.value}`}>{k.kind}: {k.value}</li>)}</ul>
            </div>
            {c.members.length > 0 && (
              <div>
                <h3 className="font-medium text-slate-900">Consolidated into this one</h3>
                <ul className="mt-1 text-slate-600">{c.members.map((m) => <li key={m.id}>{m.displayName}</li>)}</ul>
              </div>
            )}
            <div>
              <h3 className="font-medium text-slate-900">Client</h3>
              <BindClient counterpartId={c.id} entity={c.entity} canEdit={canEdit} />
            </div>
          </div>
        </Card>
      </div>
      <Card>
        <CardHeader title="Transactions" description="Move a transaction to another counterpart; the choice survives re-syncs." />
        <CounterpartTransactions counterpartId={c.id} choices={options.length ? options : [{ id: c.id, name: c.name, alias: c.alias, displayName: c.displayName, parentId: c.parentId, entity: c.entity, consolidatedCount: 0, currency, totals: c.totals }]} canEdit={canEdit && options.length > 0} />
      </Card>
    </div>
  );
}
