"use client";
// Money in and out per month, for an account (with its net as a line) and for a counterpart: one
// drawing, so both read alike. The box is sized here; the drawing (monthly-money-drawing.tsx) loads
// only when a chart is shown (components/ui/charts.tsx).
import dynamic from "next/dynamic";
import { ChartLoading } from "@/components/ui/charts";
import { cx } from "@/components/ui/cx";

/** One month's bars: numbers only to draw; labels and tables show the exact decimal strings. */
export type MonthBars = { month: string; in: number; out: number; net?: number };

const MonthlyMoneyDrawing = dynamic(
  () => import("@/components/ui/monthly-money-drawing").then((m) => m.MonthlyMoneyDrawing),
  { ssr: false, loading: ChartLoading },
);

export function MonthlyMoneyChart({
  months,
  currency,
  className,
}: {
  months: MonthBars[];
  currency: string;
  /** Its height (the chart fills it). */
  className: string;
}) {
  return (
    <div className={cx("w-full", className)} aria-hidden="true">
      <MonthlyMoneyDrawing months={months} currency={currency} />
    </div>
  );
}
