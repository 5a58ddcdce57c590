"use client";
// The account's months as a bookkeeper closes them (issue 37): each month's status (reconciled,
// changed since, ready, a difference, a balance missing), the figures it stands on, and for a
// month that is over and still open, Reconcile: a dialog with the two balances known for its ends,
// or fields to type them from the statement, that the server checks exactly (the opening balance +
// the month's booked transactions = the closing balance). A closed month says who closed it, when,
// on which balances, warns when a transaction inside it changed since, and can be reopened.
import { useRef, useState } from "react";
import { plural, formatMoney } from "@/components/accounts/format";
import { monthIsOver, monthStatus } from "@/components/accounts/ledger-view";
import { ReconcileDialog } from "@/components/accounts/reconcile-dialog";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { Badge, Card, CardHeader, EmptyState } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { formatDateTime, formatMonth } from "@/components/ui/format";
import { QueryStates } from "@/components/ui/query-states";
import { useCanManageAccounts, type Account } from "@/lib/client/accounts";
import { useReconciliationMonths, useReopenMonth, type MonthLine } from "@/lib/client/ledger";

/** Months shown before "Show all": the recent ones are the ones a bookkeeper works on. */
const FIRST_MONTHS = 6;

const SOURCE = { bank: "from the bank", file: "from a statement file", person: "typed from the statement" } as const;

/** "€1,000.00 (from the bank)", or a dash when the balance is not known. */
function End({ label, end, currency }: { label: string; end: MonthLine["opening"]; currency: string }) {
  return (
    <span>
      {label}{" "}
      <span className="font-medium tabular-nums text-slate-800">
        {end ? formatMoney(end.amount, currency) : "not known"}
      </span>
      {end && <span className="text-slate-500"> ({SOURCE[end.source]})</span>}
    </span>
  );
}

/** A closed month: who closed it, when, on which balances; a clear warning when something inside changed. */
function ClosedFacts({ line, currency }: { line: MonthLine; currency: string }) {
  const r = line.reconciled;
  if (!r) return null;
  // Only a person closes a month (the route takes no App token); a record without one names nobody.
  const by = r.reconciledBy ? ` by ${r.reconciledBy.name ?? "a person without a name on record"}` : "";
  return (
    <div className="mt-1 space-y-2 text-xs text-slate-600">
      <p>
        Reconciled{by} on {formatDateTime(r.reconciledAt)}: {formatMoney(r.opening.amount, currency)} at the end of the
        month before ({SOURCE[r.opening.source]}) + {plural(r.bookedCount, "booked transaction")} (
        {formatMoney(r.bookedTotal, currency, { signed: true })}) = {formatMoney(r.closing.amount, currency)} (
        {SOURCE[r.closing.source]}).
      </p>
      {line.status === "changed_since" && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-inset ring-amber-200">
          <span aria-hidden="true">⚠ </span>
          <strong className="font-semibold">
            {r.changedSince > 0
              ? `${plural(r.changedSince, "transaction")} of this month ${r.changedSince === 1 ? "was" : "were"} booked, changed or removed after it was reconciled.`
              : "The month's booked transactions changed after it was reconciled."}
          </strong>{" "}
          Its booked total was {formatMoney(r.bookedTotal, currency, { signed: true })} and is now{" "}
          {formatMoney(r.bookedTotalNow, currency, { signed: true })}. Reopen it and reconcile it again.
        </p>
      )}
    </div>
  );
}

function MonthRow({
  account,
  line,
  currency,
  canManage,
  onOutcome,
}: {
  account: Account;
  line: MonthLine;
  currency: string;
  canManage: boolean;
  onOutcome: (said: ActionOutcome) => void;
}) {
  const [open, setOpen] = useState(false);
  const reopen = useReopenMonth(account.id);
  const status = monthStatus(line.status);
  const name = formatMonth(line.month);
  const closed = line.reconciled !== null;
  const over = monthIsOver(line);
  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        {canManage && closed && (
          <ConfirmButton
            title={`Reopen ${name}?`}
            confirmLabel="Reopen"
            cancelLabel="Keep it reconciled"
            body={
              <p>
                The record of its reconciliation (who, when, the two balances) is removed and the reopening is kept in
                the audit trail. You can reconcile the month again afterwards.
              </p>
            }
            onConfirm={async () => {
              await reopen.mutateAsync(line.month);
              onOutcome(outcome(`${name} reopened.`));
            }}
          >
            Reopen<span className="sr-only"> {name}</span>
          </ConfirmButton>
        )}
        {canManage && !closed && over && (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            Reconcile<span className="sr-only"> {name}</span>
          </Button>
        )}
      </div>
      {closed ? (
        <ClosedFacts line={line} currency={currency} />
      ) : (
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
          <End label="Opening" end={line.opening} currency={currency} />
          <End label="Closing" end={line.closing} currency={currency} />
          {line.difference && (
            <span className="text-red-700">
              Off by {formatMoney(line.difference, currency, { signed: true })} against the booked transactions
            </span>
          )}
          {!over && <span>The month is not over yet.</span>}
        </p>
      )}
      {open && (
        <ReconcileDialog
          account={account}
          line={line}
          currency={currency}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onOutcome(outcome(`${name} reconciled.`));
          }}
        />
      )}
    </li>
  );
}

export function ReconciliationPanel({ account }: { account: Account }) {
  const months = useReconciliationMonths(account.id);
  const { allowed } = useCanManageAccounts();
  const [all, setAll] = useState(false);
  const [said, setSaid] = useState<ActionOutcome | null>(null);
  const list = useRef<HTMLDivElement>(null);
  return (
    <Card>
      <CardHeader
        title="Reconciliation"
        description="A month is reconciled when its opening balance + its booked transactions = its closing balance, exactly. Newest first."
      />
      <ActionStatus outcome={said} from={list} className="px-4 pt-2 sm:px-5" />
      <QueryStates
        query={months}
        rows={4}
        loading="Loading months"
        isEmpty={(data) => data.months.length === 0}
        empty={
          <EmptyState title="No months yet">Months appear once the account has a balance or transactions.</EmptyState>
        }
      >
        {({ months: lines, currency }) => {
          const shown = all ? lines : lines.slice(0, FIRST_MONTHS);
          return (
            <div ref={list}>
              <ul aria-label="Months" className="divide-y divide-slate-100">
                {shown.map((line) => (
                  <MonthRow
                    key={line.month}
                    account={account}
                    line={line}
                    currency={currency}
                    canManage={allowed}
                    onOutcome={setSaid}
                  />
                ))}
              </ul>
              {lines.length > FIRST_MONTHS && (
                <div className="border-t border-slate-100 px-4 py-2 sm:px-5">
                  <Button variant="ghost" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
                    {all ? "Show the recent months only" : `Show all ${lines.length} months`}
                  </Button>
                </div>
              )}
            </div>
          );
        }}
      </QueryStates>
    </Card>
  );
}
