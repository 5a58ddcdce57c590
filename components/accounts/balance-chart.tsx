"use client";
// The account's balance at the end of each day (issue 37), over 30 days, 90 days or a year: the
// days the bank (or a statement file) gave a balance for are dots on a solid line, the days in
// between, derived from the booked transactions, a dashed one, and a legend in words says which is
// which. The drawing (balance-drawing.tsx, loaded only when there is a balance to draw) is for the
// eye (aria-hidden, recharts' keyboard layer off); a table carries every day's exact figure and its
// source for screen readers. No balance known yet: an empty state that says when there will be one.
import dynamic from "next/dynamic";
import { useState } from "react";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import {
  balanceRows,
  DERIVED_COLOUR,
  GIVEN_COLOUR,
  givenLegend,
  SOURCE_LABELS,
  spanChange,
} from "@/components/accounts/ledger-view";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader, EmptyState } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { ChartLoading, FiguresTable } from "@/components/ui/charts";
import { QueryStates } from "@/components/ui/query-states";
import type { Account } from "@/lib/client/accounts";
import { useBalanceSeries, type BalanceSeries, type BalanceSpan } from "@/lib/client/ledger";

const SPANS: { span: BalanceSpan; label: string }[] = [
  { span: "30d", label: "30 days" },
  { span: "90d", label: "90 days" },
  { span: "1y", label: "1 year" },
];

/** The span's choice: three toggle buttons (aria-pressed), each a plain button for the keyboard. */
function SpanChoice({ value, onChange }: { value: BalanceSpan; onChange: (span: BalanceSpan) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex shrink-0 rounded-md shadow-sm">
      {SPANS.map(({ span, label }, i) => (
        <button
          key={span}
          type="button"
          aria-pressed={value === span}
          onClick={() => onChange(span)}
          className={cx(
            buttonClasses(value === span ? "primary" : "secondary", "sm"),
            "shadow-none",
            i === 0 ? "rounded-r-none" : i === SPANS.length - 1 ? "-ml-px rounded-l-none" : "-ml-px rounded-none",
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The legend in words (read out too): the swatches beside them are drawn like the lines. */
function Legend({ given }: { given: string }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" width="24" height="10" viewBox="0 0 24 10">
          <line x1="0" y1="5" x2="24" y2="5" stroke={GIVEN_COLOUR} strokeWidth="2" />
          <circle cx="12" cy="5" r="3" fill={GIVEN_COLOUR} />
        </svg>
        {given}
      </li>
      <li className="flex items-center gap-1.5">
        <svg aria-hidden="true" width="24" height="10" viewBox="0 0 24 10">
          <line x1="0" y1="5" x2="24" y2="5" stroke={DERIVED_COLOUR} strokeWidth="2" strokeDasharray="4 3" />
        </svg>
        Derived from transactions
      </li>
    </ul>
  );
}

const BalanceDrawing = dynamic(() => import("@/components/accounts/balance-drawing").then((m) => m.BalanceDrawing), {
  ssr: false,
  loading: ChartLoading,
});

function Figures({ series }: { series: BalanceSeries }) {
  const { currency, points } = series;
  return (
    <FiguresTable
      caption={`Balance at the end of each day, in ${currency}, from ${formatBankDate(series.from)} to ${formatBankDate(series.to)}`}
      columns={["Day", "Balance", "Source"]}
    >
      {points.map((p) => (
        <tr key={p.date}>
          <th scope="row">{formatBankDate(p.date)}</th>
          <td>{formatMoney(p.amount, currency)}</td>
          <td>{SOURCE_LABELS[p.kind]}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}

/** The header's line: the last figure and how far it moved over the span, exactly. */
function summary(series: BalanceSeries): string {
  const span = spanChange(series.points);
  if (!span) return `End-of-day booked balance in ${series.currency}.`;
  return (
    `${formatMoney(span.last.amount, series.currency)} at the end of ${formatBankDate(span.last.date)}, ` +
    `${formatMoney(span.change, series.currency, { signed: true })} since ${formatBankDate(span.first.date)}.`
  );
}

export function BalanceChart({ account, syncing = false }: { account: Account; syncing?: boolean }) {
  const [span, setSpan] = useState<BalanceSpan>("90d");
  const series = useBalanceSeries(account.id, span);
  const s = series.data;
  return (
    <Card>
      <CardHeader
        title="Balance"
        description={s && s.points.length > 0 ? summary(s) : "End-of-day booked balance."}
        action={<SpanChoice value={span} onChange={setSpan} />}
      />
      <div aria-busy={series.isFetching && !series.isPending ? true : undefined}>
        <QueryStates
          query={series}
          rows={5}
          loading="Loading balances"
          isEmpty={(data) => data.reason === "no_balance" || data.points.length === 0}
          empty={
            <EmptyState title={syncing ? "The balance follows the sync" : "Known after the first sync"}>
              {account.lastSyncedAt
                ? "The bank has not reported a booked end-of-day balance for this account yet. The chart starts with the first one; the next sync may bring it."
                : "The chart starts with the first end-of-day balance the bank reports. Sync the account (Sync now, above) to read it."}
            </EmptyState>
          }
        >
          {(data) => (
            <figure className="space-y-3 p-4 sm:p-5">
              <figcaption className="sr-only">
                Balance at the end of each day in {data.currency}, from {formatBankDate(data.from)} to{" "}
                {formatBankDate(data.to)}: days the bank gave are marked, the days between are derived from the booked
                transactions. The table below has every day.
              </figcaption>
              <div className="h-56 w-full sm:h-72" aria-hidden="true">
                <BalanceDrawing rows={balanceRows(data.points)} currency={data.currency} />
              </div>
              <Legend given={givenLegend(data.points)} />
              <Figures series={data} />
            </figure>
          )}
        </QueryStates>
      </div>
    </Card>
  );
}
