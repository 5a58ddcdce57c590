// A stream's latest payments as a small bar chart: one bar per payment, its height the amount, so a
// change of amount or a gap shows at a glance. Drawing only; the amounts are said in the row.
import type { Stream } from "@/lib/client/recurring";

const WIDTH = 96;
const HEIGHT = 24;

export function Sparkline({ history, label }: { history: Stream["history"]; label: string }) {
  if (history.length === 0) return null;
  // Number() for the drawing only, never for a sum.
  const amounts = history.map((h) => Number(h.amount));
  const top = Math.max(...amounts) || 1;
  const step = WIDTH / history.length;
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      {amounts.map((a, i) => {
        const h = Math.max(2, (a / top) * HEIGHT);
        return (
          <rect
            key={history[i].transactionId}
            x={i * step + 0.5}
            y={HEIGHT - h}
            width={Math.max(1, step - 1.5)}
            height={h}
            className="fill-indigo-300"
          />
        );
      })}
    </svg>
  );
}
