"use client";
// A sync's progress: the total number of pages is unknown until the bank says there are no more, but
// the window of dates it asks for is known, so a running sync that has read dated rows shows how much
// of that window it has read (components/accounts/read-window.ts); before that, and while queued, an
// indeterminate (moving) bar with its counters; a finished one a full bar (green on success, red on failure).
import { plural } from "@/components/accounts/format";
import type { Advice } from "@/components/accounts/health";
import { AdviceText } from "@/components/accounts/health-note";
import { cx } from "@/components/ui/cx";
import { formatDateTime } from "@/components/ui/format";
import { windowRead } from "@/components/accounts/read-window";
import { isActive, type SyncRun } from "@/lib/client/accounts";

const KEYFRAMES =
  "@keyframes ll-sync-slide{0%{transform:translateX(-100%)}100%{transform:translateX(250%)}}" +
  ".ll-sync-bar{animation:ll-sync-slide 1.3s ease-in-out infinite}" +
  "@media (prefers-reduced-motion:reduce){.ll-sync-bar{animation:none;width:100%;opacity:.5}}";

function counters(run: SyncRun): string {
  const p = run.progress;
  // While it runs: what the run's own counters say so far (the bank never says how many pages are left).
  if (run.state === "running")
    return p.pages === 0
      ? "Asking the bank for the first page"
      : `${plural(p.pages, "page")} read so far · ${p.added.toLocaleString("en-GB")} new · ${p.updated.toLocaleString("en-GB")} updated`;
  const parts = [
    plural(p.pages, "page"),
    `${p.added.toLocaleString("en-GB")} added`,
    `${p.updated.toLocaleString("en-GB")} updated`,
  ];
  if (p.removed) parts.push(`${p.removed.toLocaleString("en-GB")} removed`);
  return parts.join(" · ");
}

function headline(run: SyncRun | null): string {
  if (!run) return "Never synced";
  if (run.state === "queued") return run.retryAt ? `Retrying at ${formatDateTime(run.retryAt)}` : "Waiting to start";
  if (run.state === "running") return "Syncing…";
  if (run.state === "succeeded") return "Synced";
  return "Sync failed";
}

export function SyncProgress({
  run,
  label = "Sync progress",
  advice,
  compact = false,
  width,
}: {
  run: SyncRun | null;
  label?: string;
  /** What to do about a failed run (components/accounts/health.ts), shown under its message. */
  advice?: Advice;
  compact?: boolean;
  /** The compact bar's width classes (default a fixed 14rem). */
  width?: string;
}) {
  const active = isActive(run?.state);
  const done = run?.state === "succeeded" || run?.state === "failed";
  const text = headline(run);
  const read = run?.state === "running" ? windowRead(run.progress, new Date().toLocaleDateString("en-CA")) : null;
  const detail = run ? [read?.sentence, counters(run)].filter(Boolean).join(" · ") : "No transactions loaded yet";
  return (
    <div className={compact ? cx(width ?? "w-56", "whitespace-normal") : undefined}>
      <style href="ll-sync-progress" precedence="default">
        {KEYFRAMES}
      </style>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span
          className={cx(
            "font-medium",
            run?.state === "succeeded" && "text-emerald-700",
            run?.state === "failed" && "text-red-700",
            active && "text-indigo-700",
            !run && "text-slate-500",
          )}
        >
          {run?.state === "succeeded" && <span aria-hidden="true">✓ </span>}
          <span>{text}</span>
        </span>
        {run?.finishedAt && done && !compact && (
          <span className="text-slate-500">{formatDateTime(run.finishedAt)}</span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done ? 100 : read ? read.percent : run ? undefined : 0}
        aria-valuetext={`${text}. ${detail}`}
        aria-busy={active || undefined}
        data-percent={read?.percent}
        className="relative mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        {active && read && (
          <div
            className="absolute inset-y-0 left-0 rounded-full bg-indigo-500 transition-[width] duration-500"
            style={{ width: `${Math.max(read.percent, 2)}%` }}
          />
        )}
        {active && !read && <div className="ll-sync-bar absolute inset-y-0 left-0 w-2/5 rounded-full bg-indigo-500" />}
        {done && <div className={cx("h-full w-full", run?.state === "succeeded" ? "bg-emerald-500" : "bg-red-500")} />}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {detail}
        {run && run.attempts > 1 && ` · attempt ${run.attempts}`}
      </p>
      {run?.state === "queued" && run.lastError && <p className="mt-1 text-xs text-amber-800">{run.lastError}</p>}
      {run?.state === "failed" && run.lastError && compact && (
        <p className="mt-1 line-clamp-2 text-xs text-red-700" title={run.lastError}>
          {run.lastError}
        </p>
      )}
      {run?.state === "failed" && run.lastError && !compact && (
        <div
          role="alert"
          className="mt-2 rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 ring-1 ring-inset ring-red-200"
        >
          <p className="font-medium">{run.lastError}</p>
          {advice && <AdviceText advice={advice} className="mt-1" />}
        </div>
      )}
    </div>
  );
}
