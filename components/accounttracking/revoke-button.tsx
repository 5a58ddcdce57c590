"use client";
// Revoke, asked in a real dialog that says what happens to the accounts tracked under the consent:
// they stop syncing, keep their history, and can continue after a reconnect.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { accountTitle } from "@/components/accounts/format";
import { useConsentAction, type Consent } from "@/lib/client/accounttracking";
import { useAccounts } from "@/lib/client/accounts";
import { errorMessage } from "@/lib/client/errors";
import { itemsOf } from "@/lib/client/domain-hooks";

export function RevokeButton({ consent }: { consent: Consent }) {
  const [open, setOpen] = useState(false);
  const revoke = useConsentAction("revoke");
  const toast = useToast();
  const accounts = useAccounts();
  const bank = consent.bankName ?? "this bank";
  const tracked = itemsOf(accounts.data).filter((a) => a.consentId === consent.id);
  const confirm = () =>
    revoke.mutate(consent.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`Access to ${bank} ended.`);
      },
      onError: (e) => toast.error(errorMessage(e)),
    });
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        Revoke<span className="sr-only"> access to {bank}</span>
      </Button>
      <Dialog open={open} title={`Revoke access to ${bank}?`} onClose={() => setOpen(false)}>
        <div className="space-y-3 text-sm text-slate-700">
          {tracked.length > 0 ? (
            <>
              <p>
                Ledgerlink stops reading{" "}
                {tracked.length === 1 ? "this tracked account" : `these ${tracked.length} tracked accounts`} at {bank}:
              </p>
              <ul className="list-disc pl-5">
                {tracked.map((a) => (
                  <li key={a.id}>{accountTitle(a)}</li>
                ))}
              </ul>
              <p>
                Their transactions and counterparts stay here. They show “Access ended” until you reconnect {bank}; then
                they continue where they stopped.
              </p>
            </>
          ) : (
            <p>Ledgerlink can no longer read anything at {bank}. No account is tracked under this connection.</p>
          )}
          <p>{bank} is told at once; you can connect again at any time.</p>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={() => setOpen(false)}>
            Keep access
          </Button>
          <Button variant="danger" pending={revoke.isPending} onClick={confirm}>
            Revoke access
          </Button>
        </div>
      </Dialog>
    </>
  );
}
