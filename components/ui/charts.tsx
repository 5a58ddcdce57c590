"use client";
// What every chart shares and nothing of the chart library: the drawings themselves (recharts,
// ~420 kB of script) are each in a module of their own, loaded with next/dynamic only when there is
// something to draw, so a page with no chart on it yet (a new person's dashboard, an account before
// its first sync) never downloads or parses recharts. Beside each drawing, FiguresTable carries the
// same figures, exact, for screen readers; the drawings are for the eye only (aria-hidden, recharts'
// keyboard layer off: nothing focusable may hide inside them).
import type { ReactNode } from "react";

const TICK = { fontSize: 11, fill: "#475569" };

/** An axis's money: "€1.2K" (a plain compact number for a code Intl does not know). */
function compactMoney(currency: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    });
  } catch {
    return new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 });
  }
}

/** The grid every money chart draws: dashed, horizontal lines only. */
export const CHART_GRID = { strokeDasharray: "3 3", vertical: false, stroke: "#e2e8f0" };

/** An axis as every money chart draws it: small slate labels, no axis or tick lines. */
export const CHART_AXIS = { tick: TICK, tickLine: false, axisLine: false };

/** The amounts axis: compact money ("€1.2K") in a column wide enough for it. */
export function moneyAxis(currency: string) {
  const compact = compactMoney(currency);
  return { ...CHART_AXIS, width: 64, tickFormatter: (v: number) => compact.format(v) };
}

/**
 * What a drawing's box shows while its module loads (`loading` of next/dynamic): a quiet block
 * filling the box, which is sized by its caller, so nothing moves when the drawing comes.
 */
export function ChartLoading() {
  return <div className="h-full w-full animate-pulse rounded-md bg-slate-100" />;
}

/** A chart's figures as a table for screen readers: its rows are `children`, each led by a row header. */
export function FiguresTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  // The wrapper hides it: a table ignores sr-only's 1px width and would widen a phone's page.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
