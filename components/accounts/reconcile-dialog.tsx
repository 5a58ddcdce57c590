"use client";
// Reconcile one month: its two ends as known (the bank's or a file's balance) or typed from the
// statement, sent to the server, which checks opening + booked = closing exactly and closes the
// month. When it does not hold, the server's words (how much, on which days) are shown as they
// are, with what can be done: read those days again from the bank. Rendered only while open, so
// each opening starts with empty fields and no old refusal.
import { useRef, useState, type FormEvent } from "react";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { syncBlockedReason } from "@/components/accounts/health";
import { mismatchOf, rereadFrom, statementFigure } from "@/components/accounts/ledger-view";
import { Button, CancelAndSubmit } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { formatMonth } from "@/components/ui/format";
import { useFocusFirstError } from "@/components/ui/use-focus-on";
import type { Account } from "@/lib/client/accounts";
import { errorMessage, formErrors } from "@/lib/client/errors";
import {
  useCloseMonth,
  useReconciliation,
  useSyncFrom,
  type CloseMonthInput,
  type MonthLine,
} from "@/lib/client/ledger";

type End = "openingBalance" | "closingBalance";
const SOURCE = {
  bank: "given by the bank",
  file: "from a statement file",
  person: "typed from the statement",
} as const;

/** One end of the month: the balance known for it, or a field to type it from the statement. */
function EndField({
  field,
  label,
  known,
  currency,
  value,
  error,
  onChange,
}: {
  field: End;
  label: string;
  known: MonthLine["opening"];
  currency: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (known)
    return (
      <div>
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <p className="mt-1 text-sm">
          <span className="font-semibold tabular-nums text-slate-900">{formatMoney(known.amount, currency)}</span>{" "}
          <span className="text-slate-600">({SOURCE[known.source]})</span>
        </p>
      </div>
    );
  return (
    <TextField
      label={label}
      name={field}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      hint={`No balance is known for this day: type it from the statement, in ${currency}, e.g. -1200.50.`}
    />
  );
}

/** What can be done about a difference: read the days again from the bank. */
function Remedies({ account, line }: { account: Account; line: MonthLine }) {
  // With both ends known, the server's windows narrow the days (and say whether the bank still serves
  // them); with a typed end they cannot be asked for, and the month's first day covers them all.
  const bothKnown = line.opening !== null && line.closing !== null;
  const windows = useReconciliation(account.id, { from: line.openingDate, to: line.closingDate }, bothKnown);
  const sync = useSyncFrom(account.id);
  const [started, setStarted] = useState<string | null>(null);
  if (bothKnown && windows.isPending) return <p className="text-sm text-slate-600">Finding the days to read again…</p>;
  const from = rereadFrom(line, bothKnown ? windows.data?.windows : undefined);
  const blocked =
    syncBlockedReason(account) ??
    (account.trackingState === "tracking" ? null : "This account is not synced while its tracking is stopped.");
  return (
    <div className="space-y-2 rounded-md bg-slate-50 px-3 py-3 ring-1 ring-inset ring-slate-200">
      <p className="text-sm font-medium text-slate-800">What can be done</p>
      {from === null ? (
        <p className="text-sm text-slate-600">
          These days are older than the bank lets Ledgerlink read again; the figures the statement gives for them are
          the way to settle it.
        </p>
      ) : blocked ? (
        <p className="text-sm text-slate-600">{blocked}</p>
      ) : started ? (
        <p role="status" className="text-sm text-emerald-800">
          Reading the bank again from {formatBankDate(started)}. When the sync has ended, reconcile the month again.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            A transaction may be missing or changed at the bank since it was read. Reading these days again brings in
            what the bank lists for them now.
          </p>
          <Button
            variant="secondary"
            size="sm"
            pending={sync.isPending}
            onClick={() => sync.mutate(from, { onSuccess: () => setStarted(from) })}
          >
            Sync again from {formatBankDate(from)}
          </Button>
          {sync.isError && <FormError message={errorMessage(sync.error)} />}
        </>
      )}
    </div>
  );
}

export function ReconcileDialog({
  account,
  line,
  currency,
  onClose,
  onDone,
}: {
  account: Account;
  line: MonthLine;
  currency: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const close = useCloseMonth(account.id);
  const [typed, setTyped] = useState<Record<End, string>>({ openingBalance: "", closingBalance: "" });
  const [checked, setChecked] = useState<Partial<Record<End, string>> | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const name = formatMonth(line.month);
  const ends = [
    {
      field: "openingBalance",
      label: `Opening balance (end of ${formatBankDate(line.openingDate)})`,
      known: line.opening,
    },
    {
      field: "closingBalance",
      label: `Closing balance (end of ${formatBankDate(line.closingDate)})`,
      known: line.closing,
    },
  ] as const;
  // The ends typed from the statement (no balance is known for them): the fields checked and sent.
  const shown = ends.filter((end) => end.known === null).map((end) => end.field);
  const mismatch = mismatchOf(close.error);
  // A refusal that names days is shown whole above the remedies, not beside the closing field.
  const server: Partial<Record<End | "form", string>> = mismatch ? {} : formErrors(close.error, shown);
  useFocusFirstError(form, checked ?? close.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<End, string>> = {};
    const input: CloseMonthInput = { month: line.month };
    for (const field of shown) {
      const figure = statementFigure(typed[field]);
      if ("error" in figure) errors[field] = figure.error;
      else input[field] = figure.value;
    }
    if (Object.keys(errors).length > 0) return setChecked(errors);
    setChecked(null);
    close.mutate(input, { onSuccess: onDone });
  };
  // A typed end's field: its text, its error (this form's check first, then the server's) and its typing.
  const bind = (field: End) => ({
    value: typed[field],
    error: checked?.[field] ?? server[field],
    onChange: (value: string) => setTyped((t) => ({ ...t, [field]: value })),
  });

  return (
    <Dialog open title={`Reconcile ${name}`} onClose={onClose}>
      <form ref={form} onSubmit={submit} noValidate className="space-y-4">
        <p>
          The balance at the end of the month before + the month&apos;s booked transactions must equal the balance at
          the end of the month, exactly.
        </p>
        {ends.map((end) => (
          <EndField key={end.field} {...end} currency={currency} {...bind(end.field)} />
        ))}
        {line.status === "difference" && !mismatch && line.difference && (
          <p className="text-sm text-red-800">
            The known balances are off by {formatMoney(line.difference, currency, { signed: true })} against the booked
            transactions.
          </p>
        )}
        {mismatch && (
          <div
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200"
          >
            <p className="font-medium">{name} does not reconcile.</p>
            <p className="mt-1">{mismatch}</p>
          </div>
        )}
        <FormError message={server.form} />
        {(mismatch || line.status === "difference") && <Remedies account={account} line={line} />}
        <CancelAndSubmit submitLabel="Reconcile" pending={close.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
