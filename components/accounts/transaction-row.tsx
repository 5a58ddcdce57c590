"use client";
// One transaction row of the virtualised table (fixed height), and the header with the same grid.
import { memo } from "react";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { formatMoney, isNegative, isZero } from "@/components/accounts/format";
import { Badge } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { formatDate } from "@/components/ui/format";
import type { Transaction } from "@/lib/client/accounts";

export const ROW_HEIGHT = 52;
export const GRID = "grid grid-cols-[7.5rem_minmax(10rem,1.2fr)_minmax(12rem,2fr)_8.5rem_6rem] items-center gap-x-4 px-5";

const HEADS = ["Date", "Counterpart", "Description", "Amount", "Status"];

export function TransactionsHeader() {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50">
      <div role="row" aria-rowindex={1} className={cx(GRID, "h-10")}>
        {HEADS.map((h) => (
          <div
            key={h}
            role="columnheader"
            className={cx("text-xs font-semibold uppercase tracking-wide text-slate-500", h === "Amount" && "text-right")}
          >
            {h}
          </div>
        ))}
      </div>
    </div>
  );
}

function counterpart(t: Transaction, resolved: string | undefined): { name: string; iban: string | null } {
  const debit = isNegative(t.amount);
  const name = resolved ?? t.counterpartName ?? (debit ? (t.ultimateCreditor ?? t.creditorName) : (t.ultimateDebtor ?? t.debtorName));
  return { name: name ?? "—", iban: debit ? t.creditorIban : t.debtorIban };
}

export const TransactionRow = memo(function TransactionRow({
  transaction: t,
  counterpartName,
  index,
  start,
  onCounterpart,
}: {
  transaction: Transaction;
  /** The counterpart's name as the person set it up (alias, consolidation); the bank's name until known. */
  counterpartName?: string;
  index: number;
  /** Offset from the top of the body, in px (from the virtualizer). */
  start: number;
  /** When given, the counterpart name is a button that opens the re-bind dialog. */
  onCounterpart?: (t: Transaction) => void;
}) {
  const pending = t.status === "pending";
  const party = counterpart(t, counterpartName);
  const negative = isNegative(t.amount);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className={cx(GRID, "absolute left-0 top-0 w-full border-b border-slate-100 bg-white text-sm hover:bg-slate-50")}
    >
      <div role="cell" className="whitespace-nowrap text-slate-700">
        {pending ? (
          <>
            <span className="block leading-tight">{formatDate(t.valueDate ?? t.bookingDate)}</span>
            <span className="text-xs font-medium text-amber-700">Pending</span>
          </>
        ) : (
          formatDate(t.bookingDate ?? t.valueDate)
        )}
      </div>
      <div role="cell" className="min-w-0">
        {onCounterpart ? (
          <button
            type="button"
            onClick={() => onCounterpart(t)}
            className="block max-w-full truncate text-left font-medium text-slate-900 underline decoration-slate-300 decoration-dotted underline-offset-2 hover:text-indigo-700"
            aria-label={`${party.name}: change the counterpart${t.counterpartBound ? " (bound by hand)" : ""}`}
            title="Change the counterpart this transaction counts under"
          >
            {party.name}
            {t.counterpartBound && <span className="ml-1 text-[11px] font-normal text-indigo-700">· bound</span>}
          </button>
        ) : (
          <span className="block truncate font-medium text-slate-900" title={party.name}>
            {party.name}
          </span>
        )}
        {party.iban && <span className="block truncate font-mono text-[11px] text-slate-500">{formatIban(party.iban)}</span>}
      </div>
      <div role="cell" className="min-w-0">
        <span className="line-clamp-2 text-slate-600" title={t.remittanceInformation ?? undefined}>
          {t.remittanceInformation ?? <span className="text-slate-400">—</span>}
        </span>
      </div>
      <div
        role="cell"
        className={cx(
          "whitespace-nowrap text-right font-medium tabular-nums",
          isZero(t.amount) ? "text-slate-600" : negative ? "text-red-700" : "text-emerald-700",
        )}
      >
        {formatMoney(t.amount, t.currency, { signed: true })}
      </div>
      <div role="cell">
        <Badge tone={pending ? "amber" : "slate"}>{pending ? "Pending" : "Booked"}</Badge>
      </div>
    </div>
  );
});
