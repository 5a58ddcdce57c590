"use client";
// Totals of the filtered set, per currency (never added across currencies), as the server summed
// them in numeric; transfers between the person's own accounts are named apart, in words. And the
// CSV export of the same set: one account's, or on the Transactions page every account's.
import { useRef, useState } from "react";
import { formatMoney, plural } from "@/components/accounts/format";
import { transfersNote } from "@/components/accounts/transfers-note";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button, Spinner } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { useApi } from "@/lib/client/api-context";
import { errorMessage } from "@/lib/client/errors";
import {
  downloadTransactionsCsv,
  useScopeTransactionTotals,
  useTransactionTotals,
  type TransactionFilter,
} from "@/lib/client/transactions";

export function TransactionTotalsBar({
  accountId,
  filter,
  enabled,
  syncing = false,
}: {
  /** One account's list; none: every account's (narrowed by `filter.accountId` when one is chosen). */
  accountId?: string;
  filter: TransactionFilter;
  enabled: boolean;
  /** A sync is writing pages: the totals wait for its end (no "0 transactions match" meanwhile). */
  syncing?: boolean;
}) {
  const ofAccount = useTransactionTotals(accountId ?? "", filter, enabled && accountId !== undefined);
  const ofScope = useScopeTransactionTotals(filter, enabled && accountId === undefined);
  const totals = accountId === undefined ? ofScope : ofAccount;
  const { scopeId } = useApi();
  const [exporting, setExporting] = useState<"csv" | "excel-eu" | null>(null);
  const [exported, setExported] = useState<ActionOutcome | null>(null);
  const exportControls = useRef<HTMLDivElement>(null);
  const t = totals.data;

  const exportCsv = async (format: "csv" | "excel-eu") => {
    if (!scopeId) return;
    setExporting(format);
    setExported(null);
    try {
      await downloadTransactionsCsv(accountId, scopeId, filter, format);
      setExported(outcome("The CSV is downloaded."));
    } catch (error) {
      setExported(outcome(`The export failed: ${errorMessage(error)} Try again.`, "error"));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 bg-slate-50/60 px-4 py-2 text-xs sm:gap-3 sm:px-5 sm:py-3 sm:text-sm">
      <div
        aria-live="polite"
        aria-label="Totals of the filtered transactions"
        className="min-w-0 space-y-1"
        data-testid="transaction-totals"
      >
        {!enabled ? (
          <p className="text-slate-600">No totals: the filter cannot match any transaction.</p>
        ) : totals.isPending ? (
          <p className="flex items-center gap-2 text-slate-600">
            <Spinner /> Adding up…
          </p>
        ) : totals.isError ? (
          <FormError message={`Totals are unavailable: ${errorMessage(totals.error)}`} />
        ) : syncing ? (
          // Added up once, they would be a snapshot of a set that grows page by page.
          <p className="text-slate-600">Totals follow when the sync ends.</p>
        ) : t && t.count === 0 ? (
          <p className="text-slate-600">0 transactions match.</p>
        ) : (
          t?.currencies.map((c) => (
            <p key={c.currency} className="text-slate-800" data-currency={c.currency}>
              <span className="font-medium">{plural(c.count, "transaction")}</span>
              {" · "}in{" "}
              <span className="whitespace-nowrap tabular-nums text-emerald-700" data-total="inflow">
                {formatMoney(c.inflow, c.currency)}
              </span>
              {" · "}out{" "}
              <span className="whitespace-nowrap tabular-nums text-red-700" data-total="outflow">
                {formatMoney(c.outflow, c.currency)}
              </span>
              {" · "}net{" "}
              <span className="whitespace-nowrap font-medium tabular-nums" data-total="net">
                {formatMoney(c.net, c.currency, { signed: true })}
              </span>
              {c.transfers.count > 0 && (
                <span className="block text-xs text-slate-600" data-testid="transfers-note">
                  {transfersNote(c.transfers.count, c.transfers.net, c.currency)}
                </span>
              )}
            </p>
          ))
        )}
      </div>
      {/* Wraps on a phone: each button keeps its label on one line and moves down whole. */}
      <div ref={exportControls} className="flex max-w-full min-w-0 flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void exportCsv("csv")}
          pending={exporting === "csv"}
          disabled={!enabled}
          className="whitespace-nowrap"
        >
          Export CSV
        </Button>
        {/* Excel in Belgium, France or Germany opens a comma-separated file as one column. */}
        <Button
          variant="ghost"
          size="sm"
          title="Semicolons and a decimal comma, for Excel set to Belgian, French or German"
          onClick={() => void exportCsv("excel-eu")}
          pending={exporting === "excel-eu"}
          disabled={!enabled}
          className="whitespace-nowrap"
        >
          CSV for Excel (; and ,)
        </Button>
        <ActionStatus outcome={exported} from={exportControls} className="basis-full" />
      </div>
    </div>
  );
}
