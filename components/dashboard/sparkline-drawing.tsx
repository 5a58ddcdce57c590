"use client";
// The drawing of the dashboard's balance sparkline (balance-sparkline.tsx), loaded only when an
// account has a balance to draw: one line, no axes, no dots, no animation.
import { Line, LineChart, ResponsiveContainer, YAxis } from "recharts";

export function SparklineDrawing({ values }: { values: number[] }) {
  const rows = values.map((value) => ({ value }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 2, right: 2, bottom: 2, left: 2 }} accessibilityLayer={false}>
        <YAxis hide domain={["auto", "auto"]} />
        <Line dataKey="value" stroke="#4338ca" strokeWidth={1.5} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
