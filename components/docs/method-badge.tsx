import { cx } from "@/components/ui/cx";

const COLORS: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-violet-100 text-violet-800",
  delete: "bg-rose-100 text-rose-800",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cx(
        "inline-block w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-bold uppercase",
        COLORS[method] ?? "bg-slate-100",
      )}
    >
      {method.toUpperCase()}
    </span>
  );
}
