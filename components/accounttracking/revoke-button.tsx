"use client";
// Revoke, confirmed in the one dialog every destructive action uses (components/ui/confirm-button),
// saying what happens to the accounts tracked under the consent: they stop syncing, keep their
// history, and can continue after a reconnect.
import { accountTitle } from "@/components/accounts/format";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useToast } from "@/components/ui/toast";
import { useConsentAction, type Consent } from "@/lib/client/accounttracking";
import { useAccounts } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";

export function RevokeButton({ consent }: { consent: Consent }) {
  const revoke = useConsentAction("revoke");
  const toast = useToast();
  const accounts = useAccounts();
  const bank = consent.bankName ?? "this bank";
  const tracked = itemsOf(accounts.data).filter((a) => a.consentId === consent.id);
  return (
    <ConfirmButton
      title={`Revoke access to ${bank}?`}
      confirmLabel="Revoke access"
      cancelLabel="Keep access"
      onConfirm={async () => {
        await revoke.mutateAsync(consent.id);
        toast.success(`Access to ${bank} ended.`);
      }}
      body={
        <>
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
        </>
      }
    >
      Revoke<span className="sr-only"> access to {bank}</span>
    </ConfirmButton>
  );
}
