"use client";
// One transaction row of the virtualised table (fixed height), and the header with the same grid.
// On a phone the row stacks: counterpart over date on the left, the amount on the right, so
// nothing needs sideways scrolling; the description and status columns appear from `sm` up.
import { memo } from "react";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { formatBankDate, formatMoney, isNegative, isZero } from "@/components/accounts/format";
import { CategoryPill } from "@/components/categories/category-pill";
import { Badge } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import type { Transaction } from "@/lib/client/accounts";

export const ROW_HEIGHT = 52;
export const ROW_HEIGHT_NARROW = 60;
export const GRID =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-4 sm:grid-cols-[7.5rem_minmax(10rem,1.2fr)_minmax(12rem,2fr)_8.5rem_6rem] sm:items-center sm:gap-x-4 sm:px-5";

/** The grid with a running balance column (an account's unfiltered list). */
export const GRID_WITH_BALANCE =
  "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 px-4 sm:grid-cols-[7.5rem_minmax(10rem,1.2fr)_minmax(12rem,2fr)_8.5rem_8.5rem_6rem] sm:items-center sm:gap-x-4 sm:px-5";

const HEADS = [
  { label: "Date", className: "hidden sm:block" },
  { label: "Counterpart", className: "" },
  { label: "Description", className: "hidden sm:block" },
  { label: "Amount", className: "text-right" },
  { label: "Status", className: "hidden sm:block" },
];
const BALANCE_HEAD = { label: "Balance after", className: "hidden text-right sm:block" };

export function TransactionsHeader({ withBalance = false }: { withBalance?: boolean }) {
  const heads = withBalance ? [...HEADS.slice(0, 4), BALANCE_HEAD, HEADS[4]] : HEADS;
  return (
    <div role="rowgroup" className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50">
      <div role="row" aria-rowindex={1} className={cx(withBalance ? GRID_WITH_BALANCE : GRID, "h-10 items-center")}>
        {heads.map((h) => (
          <div
            key={h.label}
            role="columnheader"
            className={cx("text-xs font-semibold uppercase tracking-wide text-slate-600", h.className)}
          >
            {h.label}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Who the row is with: which party that is, the API says (counterpartName, counterpartIban). */
function counterpart(t: Transaction, resolved: string | undefined): { name: string; iban: string | null } {
  return { name: resolved ?? t.counterpartDisplayName ?? t.counterpartName ?? "—", iban: t.counterpartIban };
}

export const TransactionRow = memo(function TransactionRow({
  transaction: t,
  counterpartName,
  accountName,
  runningBalance,
  index,
  start,
  height,
  onOpen,
}: {
  transaction: Transaction;
  /** The counterpart's name as the person set it up (alias, consolidation); the bank's name until known. */
  counterpartName?: string;
  /** On the all-accounts list: the account the transaction is on. */
  accountName?: string;
  /** The balance after this transaction (undefined: no balance column; null: none for this row, e.g. pending). */
  runningBalance?: string | null;
  index: number;
  /** Offset from the top of the body, in px (from the virtualizer). */
  start: number;
  height: number;
  /** Opens the transaction's detail view (the counterpart name is its button). */
  onOpen: (t: Transaction) => void;
}) {
  const pending = t.status === "pending";
  const party = counterpart(t, counterpartName);
  const negative = isNegative(t.amount);
  const date = formatBankDate(pending ? (t.valueDate ?? t.bookingDate) : (t.bookingDate ?? t.valueDate));
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-transaction-id={t.id}
      style={{ height, transform: `translateY(${start}px)` }}
      onClick={() => onOpen(t)}
      className={cx(
        runningBalance === undefined ? GRID : GRID_WITH_BALANCE,
        "absolute left-0 top-0 w-full cursor-pointer content-center border-b border-slate-100 bg-white text-sm hover:bg-slate-50",
      )}
    >
      <div
        role="cell"
        className="col-start-1 row-start-2 whitespace-nowrap text-xs text-slate-600 sm:col-start-auto sm:row-start-auto sm:text-sm sm:text-slate-700"
      >
        {date}
        {pending && <span className="ml-1 font-medium text-amber-800 sm:ml-0 sm:block sm:text-xs">Pending</span>}
      </div>
      <div role="cell" className="col-start-1 row-start-1 min-w-0 sm:col-start-auto sm:row-start-auto">
        <button
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(t);
          }}
          className="block max-w-full truncate text-left font-medium text-slate-900 underline decoration-slate-300 decoration-dotted underline-offset-2 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {party.name}
        </button>
        {/* One line under the name (the row has room for two): the account on the all-accounts list, then
            the transfer mark or the other party's IBAN. */}
        <span className="block truncate text-[11px] text-slate-600">
          {accountName && <span>{accountName}</span>}
          {accountName && (t.isTransfer || party.iban) && <span aria-hidden="true"> · </span>}
          {t.isTransfer ? (
            <span className="font-medium text-indigo-700">Own transfer</span>
          ) : (
            party.iban && <span className="hidden font-mono sm:inline">{formatIban(party.iban)}</span>
          )}
          {t.category && (accountName || t.isTransfer || party.iban) && <span aria-hidden="true"> · </span>}
          <CategoryPill category={t.category} />
        </span>
      </div>
      <div role="cell" className="hidden min-w-0 sm:block">
        <span className="line-clamp-2 text-slate-600" title={t.remittanceInformation ?? undefined}>
          {t.remittanceInformation ?? <span className="text-slate-500">—</span>}
        </span>
      </div>
      <div
        role="cell"
        className={cx(
          "col-start-2 row-span-2 row-start-1 self-center whitespace-nowrap text-right font-medium tabular-nums sm:col-start-auto sm:row-span-1 sm:row-start-auto",
          t.isTransfer
            ? "text-slate-600"
            : isZero(t.amount)
              ? "text-slate-600"
              : negative
                ? "text-red-700"
                : "text-emerald-700",
        )}
      >
        {formatMoney(t.amount, t.currency, { signed: true })}
        {/* On a phone the balance goes under the amount (there is no column for it). */}
        {runningBalance && (
          <span className="block text-[11px] font-normal text-slate-600 sm:hidden">
            <span className="sr-only">Balance after: </span>
            {formatMoney(runningBalance, t.currency)}
          </span>
        )}
      </div>
      {runningBalance !== undefined && (
        <div
          role="cell"
          className="hidden text-right tabular-nums text-slate-700 sm:block"
          data-testid="running-balance"
        >
          {runningBalance === null ? (
            <span className="text-slate-500">—</span>
          ) : (
            formatMoney(runningBalance, t.currency)
          )}
        </div>
      )}
      <div role="cell" className="hidden sm:block">
        <Badge tone={pending ? "amber" : "slate"}>{pending ? "Pending" : "Booked"}</Badge>
      </div>
    </div>
  );
});
