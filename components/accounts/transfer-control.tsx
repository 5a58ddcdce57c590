"use client";
// Says why a transaction is (or is not) counted as a transfer between own accounts, and lets a
// person correct it: their word is kept across syncs until they return it to detection.
import type { EditablePart } from "@/components/accounts/transaction-detail";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { errorMessage } from "@/lib/client/errors";
import { useMarkTransfer } from "@/lib/client/transactions";

const WHY: Record<string, string> = {
  tracked_account: "Yes: the other side's IBAN is an account tracked here, so it is left out of money in and out.",
  owner_name:
    "Yes, probably: the other party has the account holder's own name, so it is left out of money in and out.",
  person: "Yes: marked by hand. It is left out of money in and out.",
};

export function TransferControl({ transaction: t, accountId, canEdit }: EditablePart) {
  const mark = useMarkTransfer(accountId);
  const why = t.transferSource
    ? WHY[t.transferSource]
    : t.transferOverride === false
      ? "No: marked by hand as not a transfer."
      : "No.";
  const set = (isTransfer: boolean | null) => mark.mutate({ id: t.id, isTransfer });
  return (
    <div className="space-y-2 text-sm">
      <p role="status" className="text-slate-800">
        {mark.isSuccess
          ? `Saved. ${mark.data.isTransfer ? "Now counted as a transfer." : "Now counted as money in or out."}`
          : why}
      </p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {(mark.data ?? t).isTransfer ? (
            <Button variant="secondary" size="sm" pending={mark.isPending} onClick={() => set(false)}>
              Not a transfer
            </Button>
          ) : (
            <Button variant="secondary" size="sm" pending={mark.isPending} onClick={() => set(true)}>
              Mark as transfer
            </Button>
          )}
          {(mark.data ?? t).transferOverride !== null && (
            <Button variant="ghost" size="sm" pending={mark.isPending} onClick={() => set(null)}>
              Detect automatically
            </Button>
          )}
        </div>
      )}
      <FormError message={mark.isError ? `${errorMessage(mark.error)} Nothing was changed; try again.` : null} />
    </div>
  );
}
