"use client";
// Everything the bank sent about one transaction, the counterpart it counts under (with that
// counterpart's recent history), and whether it is a transfer between own accounts (correctable).
import { AppLink } from "@/components/ui/app-link";
import { useState, type ReactNode } from "react";
import { Drawer } from "@/components/accounts/drawer";
import { bankIdNote, formatBankDate, formatMoney, isNegative } from "@/components/accounts/format";
import { NoteEditor } from "@/components/accounts/note-editor";
import { CategoryPicker } from "@/components/categories/category-picker";
import { RebindDialog } from "@/components/accounts/rebind-dialog";
import { TransferControl } from "@/components/accounts/transfer-control";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { Badge } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import type { Transaction } from "@/lib/client/accounts";
import { useCounterpart, useCounterpartTransactions } from "@/lib/client/counterparts";

/** What the detail gives each part of it a person may change (the note, the transfer mark). */
export type EditablePart = { transaction: Transaction; accountId: string; canEdit: boolean };

function Field({ label, value, mono }: { label: string; value: ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className={cx("break-words text-slate-900", mono && "font-mono text-xs leading-5")}>
        {value ?? <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

function CounterpartHistory({ t, accountId, onChange }: { t: Transaction; accountId: string; onChange?: () => void }) {
  const id = t.counterpartId;
  const detail = useCounterpart(id ?? "", accountId);
  const history = useCounterpartTransactions(id ?? "");
  if (!id) return <p className="text-sm text-slate-600">No counterpart: the bank named no other party.</p>;
  const recent = (history.data?.pages[0]?.items ?? []).slice(0, 5);
  const c = detail.data;
  return (
    <div className="space-y-3 text-sm">
      <p>
        Counts under{" "}
        <AppLink href={`/counterparts/${id}?account=${accountId}`} className="font-medium text-indigo-700 underline">
          {c?.displayName ?? t.counterpartDisplayName ?? t.counterpartName ?? "this counterpart"}
        </AppLink>{" "}
        {t.counterpartBound ? (
          <Badge tone="indigo">bound by hand</Badge>
        ) : (
          <span className="text-slate-600">(matched from the bank data)</span>
        )}
      </p>
      {/* Per currency: an account's rows can be in more than one, and sums are never added across. */}
      {c?.totalsByCurrency.map((total) => (
        <p key={total.currency} className="text-slate-700">
          {total.count} transactions{c.totalsByCurrency.length > 1 ? ` in ${total.currency}` : ""} on this account · in{" "}
          {formatMoney(total.sumIn, total.currency)} · out {formatMoney(total.sumOut, total.currency)}
        </p>
      ))}
      {recent.length > 0 && (
        <ul
          className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200"
          aria-label="Recent transactions with this counterpart"
        >
          {recent.map((r) => (
            <li key={r.id} className={cx("flex justify-between gap-3 px-3 py-1.5", r.id === t.id && "bg-indigo-50")}>
              <span className="min-w-0 truncate text-slate-700">
                {formatBankDate(r.bookingDate ?? r.valueDate)} · {r.remittanceInformation ?? "—"}
              </span>
              <span className="shrink-0 tabular-nums">{formatMoney(r.amount, r.currency, { signed: true })}</span>
            </li>
          ))}
        </ul>
      )}
      {onChange && (
        <Button variant="secondary" size="sm" onClick={onChange}>
          Change counterpart
        </Button>
      )}
    </div>
  );
}

export function TransactionDetail({
  transaction: t,
  accountId,
  canEdit,
  onClose,
}: {
  transaction: Transaction;
  accountId: string;
  canEdit: boolean;
  onClose: () => void;
}) {
  const [rebinding, setRebinding] = useState(false);
  const debit = isNegative(t.amount);
  // The re-bind dialog is the drawer's sibling, not its child: while it is open the drawer is paused
  // (inert), and a child of an inert panel would be inert too.
  return (
    <>
      <Drawer
        title={
          <>
            {t.counterpartDisplayName ?? t.counterpartName ?? "Transaction"}{" "}
            {/* The amount and its sign never part at a line's end. */}
            <span className="whitespace-nowrap">· {formatMoney(t.amount, t.currency, { signed: true })}</span>
          </>
        }
        onClose={onClose}
        paused={rebinding}
      >
        {/* A div, not a p: a large bold paragraph before a small one reads as a heading (axe p-as-heading). */}
        <div className={cx("text-2xl font-semibold tabular-nums", debit ? "text-red-700" : "text-emerald-700")}>
          {formatMoney(t.amount, t.currency, { signed: true })}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {t.status === "pending" ? "Pending" : "Booked"} · {debit ? "money out" : "money in"}
          {t.isTransfer && " · transfer between own accounts"}
        </p>

        <h3 className="mt-5 text-sm font-semibold text-slate-900">Category</h3>
        <div className="mt-2">
          <CategoryPicker key={t.id} transaction={t} canEdit={canEdit} />
        </div>

        <h3 className="mt-5 text-sm font-semibold text-slate-900">Your note and tags</h3>
        <div className="mt-2">
          <NoteEditor key={t.id} transaction={t} accountId={accountId} canEdit={canEdit} />
        </div>

        <h3 className="mt-5 text-sm font-semibold text-slate-900">As the bank sent it</h3>
        <dl className="mt-1 divide-y divide-slate-100">
          <Field label="Booking date" value={t.bookingDate ? formatBankDate(t.bookingDate) : "Not booked yet"} />
          <Field label="Value date" value={t.valueDate && formatBankDate(t.valueDate)} />
          <Field label="Remittance" value={t.remittanceInformation} />
          <Field label="Creditor" value={t.creditorName} />
          <Field label="Creditor IBAN" value={t.creditorIban && formatIban(t.creditorIban)} mono />
          {t.ultimateCreditor && <Field label="Ultimate creditor" value={t.ultimateCreditor} />}
          <Field label="Debtor" value={t.debtorName} />
          <Field label="Debtor IBAN" value={t.debtorIban && formatIban(t.debtorIban)} mono />
          {t.ultimateDebtor && <Field label="Ultimate debtor" value={t.ultimateDebtor} />}
          <Field label="Creditor id" value={t.creditorId} mono />
          <Field label="Mandate id" value={t.mandateId} mono />
          <Field label="End-to-end id" value={t.endToEndId} mono />
          <Field label="Bank transaction code" value={t.bankTransactionCode} mono />
          {t.proprietaryBankTransactionCode && (
            <Field label="Bank's own code" value={t.proprietaryBankTransactionCode} mono />
          )}
          <Field label="Entry reference" value={t.entryReference} mono />
          <Field
            label="Bank's transaction id"
            value={
              <>
                {t.bankTransactionId}
                {bankIdNote(t.bankTransactionId) && (
                  <span className="mt-0.5 block font-sans text-slate-600">{bankIdNote(t.bankTransactionId)}</span>
                )}
              </>
            }
            mono
          />
        </dl>

        <h3 className="mt-6 text-sm font-semibold text-slate-900">Counterpart</h3>
        <div className="mt-2">
          <CounterpartHistory t={t} accountId={accountId} onChange={canEdit ? () => setRebinding(true) : undefined} />
        </div>

        <h3 className="mt-6 text-sm font-semibold text-slate-900">Transfer between own accounts</h3>
        <div className="mt-2">
          <TransferControl transaction={t} accountId={accountId} canEdit={canEdit} />
        </div>
      </Drawer>
      {rebinding && <RebindDialog accountId={accountId} transaction={t} onClose={() => setRebinding(false)} />}
    </>
  );
}
