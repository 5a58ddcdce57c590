"use client";
// Totals of the filtered set, per currency (never added across currencies), as the server summed
// them in numeric; own-account transfers are named apart. And the CSV export of the same set.
import { useState } from "react";
import { formatMoney, plural } from "@/components/accounts/format";
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
  /** One account's list; none: every account's (the CSV then needs one account chosen). */
  accountId?: string;
  filter: TransactionFilter;
  enabled: boolean;
  /** A sync is writing pages: the totals wait for its end (no "0 transactions match" meanwhile). */
  syncing?: boolean;
}) {
  const ofAccount = useTransactionTotals(accountId ?? "", filter, enabled && accountId !== undefined);
  const ofScope = useScopeTransactionTotals(filter, enabled && accountId === undefined);
  const totals = accountId === undefined ? ofScope : ofAccount;
  const exportId = accountId ?? filter.accountId;
  const { scopeId } = useApi();
  const [exporting, setExporting] = useState<"csv" | "excel-eu" | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const t = totals.data;

  const exportCsv = async (format: "csv" | "excel-eu") => {
    if (!scopeId || !exportId) return;
    setExporting(format);
    setExportError(null);
    try {
      await downloadTransactionsCsv(exportId, scopeId, filter, format);
    } catch (error) {
      setExportError(`The export failed: ${errorMessage(error)} Try again.`);
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 bg-slate-50/60 px-5 py-3 text-sm">
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
              <span className="tabular-nums text-emerald-700" data-total="inflow">
                {formatMoney(c.inflow, c.currency)}
              </span>
              {" · "}out{" "}
              <span className="tabular-nums text-red-700" data-total="outflow">
                {formatMoney(c.outflow, c.currency)}
              </span>
              {" · "}net{" "}
              <span className="font-medium tabular-nums" data-total="net">
                {formatMoney(c.net, c.currency, { signed: true })}
              </span>
              {c.transfers.count > 0 && (
                <span className="block text-xs text-slate-600">
                  {plural(c.transfers.count, "own-account transfer")} (
                  {formatMoney(c.transfers.net, c.currency, { signed: true })}) not counted as in or out
                </span>
              )}
            </p>
          ))
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {!exportId && <p className="text-xs text-slate-600">Choose an account to export its CSV.</p>}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void exportCsv("csv")}
          pending={exporting === "csv"}
          disabled={!enabled || !exportId}
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
          disabled={!enabled || !exportId}
        >
          CSV for Excel (; and ,)
        </Button>
        <FormError message={exportError} />
      </div>
    </div>
  );
}
