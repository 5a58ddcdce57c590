"use client";
// A small line of one account's end-of-day balance over the last 90 days, for the dashboard's
// accounts card: the same series as the account page's chart (useBalanceSeries), one per account,
// no axes (its drawing, sparkline-drawing.tsx, loads when there is a line). For the eye only
// (aria-hidden); a sentence says the same in words. Nothing while loading or when no balance is
// known yet (the balance beside it says so already).
import dynamic from "next/dynamic";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { spanChange } from "@/components/accounts/ledger-view";
import { Skeleton } from "@/components/ui/card";
import { ChartLoading } from "@/components/ui/charts";
import { useBalanceSeries } from "@/lib/client/ledger";

const SparklineDrawing = dynamic(
  () => import("@/components/dashboard/sparkline-drawing").then((m) => m.SparklineDrawing),
  { ssr: false, loading: ChartLoading },
);

export function BalanceSparkline({ accountId }: { accountId: string }) {
  const series = useBalanceSeries(accountId, "90d");
  if (series.isPending) return <Skeleton className="mt-2 h-8 w-32 sm:ml-auto" />;
  const s = series.data;
  const span = s ? spanChange(s.points) : null;
  // A failed read only loses the drawing: the balance and health beside it still stand.
  if (!s || !span) return null;
  // Numbers only to draw; the sentence below gives the exact figures.
  const values = s.points.map((p) => Number(p.amount));
  return (
    <div className="mt-2">
      <div className="h-8 w-32 sm:ml-auto" aria-hidden="true">
        <SparklineDrawing values={values} />
      </div>
      <p className="sr-only">
        Balance over 90 days: {formatMoney(span.first.amount, s.currency)} at the end of{" "}
        {formatBankDate(span.first.date)}, {formatMoney(span.last.amount, s.currency)} at the end of{" "}
        {formatBankDate(span.last.date)}.
      </p>
    </div>
  );
}
