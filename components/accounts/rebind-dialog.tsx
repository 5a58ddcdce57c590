"use client";
// Re-bind one transaction to another counterpart of its account (a binding that survives re-syncs),
// or return it to the counterpart derived from the bank data.
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, NamedOptions, SearchField } from "@/components/ui/field";
import { useDebounced } from "@/components/ui/use-debounced";
import { formatMoney } from "@/components/accounts/format";
import { formatDate } from "@/components/ui/format";
import { useApi } from "@/lib/client/api-context";
import { accountKeys, type Transaction } from "@/lib/client/accounts";
import { useCounterpartChange, useCounterparts } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";
import { useQueryClient } from "@tanstack/react-query";
import { itemsOf } from "@/lib/client/domain-hooks";

export function RebindDialog({
  accountId,
  transaction: t,
  onClose,
}: {
  accountId: string;
  transaction: Transaction;
  onClose: () => void;
}) {
  const titleId = useId();
  const { scopeId } = useApi();
  const queryClient = useQueryClient();
  const [q, setQ] = useState("");
  const search = useDebounced(q);
  const [choice, setChoice] = useState<string>(t.counterpartId ?? "");
  const list = useCounterparts(accountId, { q: search || undefined, sort: "name", order: "asc" });
  const choices = itemsOf(list.data);
  const bind = useCounterpartChange((api, to: string | null) => api.bindTransaction(t.id, to));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const save = (to: string | null) =>
    bind.mutate(to, {
      onSuccess: () =>
        void queryClient
          .invalidateQueries({ queryKey: accountKeys.transactionsOf(scopeId, accountId) })
          .then(() => onClose()),
    });

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-lg bg-white p-5 shadow-xl"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          Counterpart of this transaction
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {formatDate(t.bookingDate ?? t.valueDate)} · {t.counterpartName ?? "—"} ·{" "}
          {formatMoney(t.amount, t.currency, { signed: true })}
        </p>
        <div className="mt-4 space-y-3">
          <SearchField label="Find a counterpart" value={q} onSearch={setQ} autoFocus />
          <label className="block text-sm font-medium text-slate-700" htmlFor={`${titleId}-choice`}>
            Counts under
          </label>
          <select
            id={`${titleId}-choice`}
            className="block w-full rounded-md px-3 py-2 text-sm ring-1 ring-slate-300"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            {choice && !choices.some((c) => c.id === choice) && <option value={choice}>(current)</option>}
            <NamedOptions items={choices} />
          </select>
          <p className="text-xs text-slate-500">A binding you make here is kept on every later sync.</p>
          <FormError message={bind.isError ? errorMessage(bind.error) : null} />
        </div>
        <div className="mt-5 flex justify-end gap-2">
          {t.counterpartBound && (
            <Button variant="ghost" onClick={() => save(null)} pending={bind.isPending}>
              Reset to bank data
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => save(choice || null)}
            disabled={!choice || choice === t.counterpartId}
            pending={bind.isPending}
          >
            Save
          </Button>
        </div>
      </div>
    </div>
  );
}
