"use client";
// One statement import as it runs and how it ended: a progress bar over the file's bytes read
// (polled every second while queued or running), then the counts ("312 added, 40 already there from
// the bank, …") or the server's reason for refusing the file, which names the line or element. For
// a file imported into the account before, it says so and shows that import instead.
import { useRef } from "react";
import { formatBankDate, plural } from "@/components/accounts/format";
import { countsSentence, FORMAT_NAMES, importHeadline, importPercent } from "@/components/accounts/statement-outcome";
import { cx } from "@/components/ui/cx";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-states";
import { useFocusIfStill } from "@/components/ui/use-focus-on";
import { isImportActive, useStatementImport, type StatementImport } from "@/lib/client/statements";

/** The span and number of entries of a finished import, when it had any. */
export function spanText(i: StatementImport): string | null {
  if (!i.dateFrom || !i.dateTo) return null;
  const span =
    i.dateFrom === i.dateTo
      ? formatBankDate(i.dateFrom)
      : `${formatBankDate(i.dateFrom)} to ${formatBankDate(i.dateTo)}`;
  return `${plural(i.counts.entries, "entry", "entries")} from ${span}`;
}

export function StatementImportProgress({
  accountId,
  importId,
  already,
  from,
}: {
  accountId: string;
  importId: string;
  /** The upload found this file imported into the account before (200, not 202). */
  already: boolean;
  /** The importer's controls: focus moves to the outcome only from there (or a lost focus). */
  from: React.RefObject<HTMLElement | null>;
}) {
  const query = useStatementImport(accountId, importId);
  const outcome = useRef<HTMLDivElement>(null);
  const i = query.data;
  const ended = i && !isImportActive(i.state) ? i.state : null;
  useFocusIfStill(outcome, ended ? `${importId}:${ended}` : null, from);
  if (query.isError) return <QueryError error={query.error} before="Could not read the import's progress." />;
  if (!i) return null;
  const percent = importPercent(i);
  const headline = importHeadline(i.state);
  const active = isImportActive(i.state);
  return (
    <div className="space-y-2">
      {already && (
        <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 ring-1 ring-inset ring-indigo-200">
          Already imported on {formatDateTime(i.createdAt)}: this file is in the account once, nothing was imported
          again.
        </p>
      )}
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span
          className={cx(
            "font-medium",
            i.state === "succeeded" && "text-emerald-700",
            i.state === "failed" && "text-red-700",
            active && "text-indigo-700",
          )}
        >
          {headline}
          <span className="font-normal text-slate-600">
            {" "}
            · {FORMAT_NAMES[i.format]} {i.fileName ?? "file"}
          </span>
        </span>
        <span className="tabular-nums text-slate-600">{active ? `${percent}%` : formatDateTime(i.finishedAt)}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${headline}. ${percent}% of the file read`}
        aria-busy={active || undefined}
        className="relative h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cx(
            "absolute inset-y-0 left-0 rounded-full transition-[width] duration-500",
            i.state === "succeeded" ? "bg-emerald-500" : i.state === "failed" ? "bg-red-500" : "bg-indigo-500",
          )}
          style={{ width: `${Math.max(percent, active ? 2 : 0)}%` }}
        />
      </div>
      <div
        ref={outcome}
        tabIndex={-1}
        className="focus:outline-none focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {i.state === "succeeded" && (
          <div role="status" className="text-sm text-slate-800">
            <p data-testid="import-counts">{countsSentence(i.counts)}.</p>
            {spanText(i) && <p className="text-xs text-slate-600">{spanText(i)}.</p>}
          </div>
        )}
        {i.state === "failed" && (
          <div
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200"
          >
            <p className="break-words">
              {i.error ?? "The import failed without a reason; nothing of the file was kept."}
            </p>
          </div>
        )}
        {active && <p className="sr-only">{headline}</p>}
      </div>
    </div>
  );
}
