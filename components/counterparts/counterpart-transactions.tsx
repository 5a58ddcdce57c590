"use client";
// A counterpart's transactions, newest first, cursor-paged; each can be re-bound to another
// counterpart of its account (a binding that survives re-syncs) or returned to the derived one.
import { formatMoney } from "@/components/accounts/format";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/card";
import { FormError, NamedOptions } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { LoadMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";
import { Table, Td } from "@/components/ui/table";
import { useCounterpartChange, useCounterpartTransactions, type ListedCounterpart } from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";

export function CounterpartTransactions({
  counterpartId,
  choices,
  canEdit,
}: {
  counterpartId: string;
  choices: ListedCounterpart[];
  canEdit: boolean;
}) {
  const txs = useCounterpartTransactions(counterpartId);
  const rebind = useCounterpartChange((api, input: { id: string; to: string | null }) =>
    api.bindTransaction(input.id, input.to),
  );
  return (
    <PagedStates query={txs} rows={5} loading="Loading transactions" empty={<EmptyState title="No transactions" />}>
      {(items) => (
        <div>
          <FormError message={rebind.isError ? errorMessage(rebind.error) : null} />
          <Table
            caption="Transactions with this counterpart"
            head={["Date", "Name at the bank", "Details", "Amount", "Counterpart"]}
          >
            {items.map((t) => (
              <tr key={t.id}>
                <Td>{formatDate(t.bookingDate ?? t.valueDate)}</Td>
                <Td>{t.counterpartName ?? "—"}</Td>
                <Td className="max-w-xs truncate">{t.remittanceInformation ?? ""}</Td>
                <Td
                  className={`text-right tabular-nums ${t.amount.startsWith("-") ? "text-rose-700" : "text-emerald-700"}`}
                >
                  {formatMoney(t.amount, t.currency)}
                </Td>
                <Td>
                  {canEdit ? (
                    <span className="inline-flex items-center gap-2">
                      <select
                        aria-label="Bind transaction to"
                        className="rounded-md px-2 py-1 text-xs ring-1 ring-slate-300"
                        value={t.counterpartId ?? ""}
                        onChange={(e) => rebind.mutate({ id: t.id, to: e.target.value || null })}
                      >
                        <NamedOptions items={choices} />
                      </select>
                      {t.isBound && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => rebind.mutate({ id: t.id, to: null })}
                          title="Back to the counterpart found from the bank data"
                        >
                          Reset
                        </Button>
                      )}
                    </span>
                  ) : t.isBound ? (
                    "bound by hand"
                  ) : (
                    ""
                  )}
                </Td>
              </tr>
            ))}
          </Table>
          <LoadMore pages={txs} />
        </div>
      )}
    </PagedStates>
  );
}
