"use client";
// A small line of one account's end-of-day balance over the last 90 days, for the dashboard's
// accounts card: the same series as the account page's chart (useBalanceSeries), one per account,
// no axes. For the eye only (aria-hidden); a sentence says the same in words. Nothing while loading
// or when no balance is known yet (the balance beside it says so already).
import { Line, LineChart, ResponsiveContainer, YAxis } from "recharts";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { spanChange } from "@/components/accounts/ledger-view";
import { Skeleton } from "@/components/ui/card";
import { useBalanceSeries } from "@/lib/client/ledger";

export function BalanceSparkline({ accountId }: { accountId: string }) {
  const series = useBalanceSeries(accountId, "90d");
  if (series.isPending) return <Skeleton className="mt-2 h-8 w-32 sm:ml-auto" />;
  const s = series.data;
  const span = s ? spanChange(s.points) : null;
  // A failed read only loses the drawing: the balance and health beside it still stand.
  if (!s || !span) return null;
  const rows = s.points.map((p) => ({ date: p.date, value: Number(p.amount) }));
  return (
    <div className="mt-2">
      <div className="h-8 w-32 sm:ml-auto" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 2, right: 2, bottom: 2, left: 2 }} accessibilityLayer={false}>
            <YAxis hide domain={["auto", "auto"]} />
            <Line dataKey="value" stroke="#4338ca" strokeWidth={1.5} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p className="sr-only">
        Balance over 90 days: {formatMoney(span.first.amount, s.currency)} at the end of{" "}
        {formatBankDate(span.first.date)}, {formatMoney(span.last.amount, s.currency)} at the end of{" "}
        {formatBankDate(span.last.date)}.
      </p>
    </div>
  );
}
