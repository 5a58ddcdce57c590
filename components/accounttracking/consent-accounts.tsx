"use client";
import { TrackButton } from "@/components/accounts/track-button";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { EmptyState, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { Table, Td } from "@/components/ui/table";
import { useConsentAccounts } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

const KIND = { private: "Private", company: "Company", payment: "Payment" } as const;

/** With `track` (the consent's bank), each account gets a Track button. */
export function ConsentAccounts({ consentId, enabled, track }: { consentId: string; enabled: boolean; track?: { bankId: string; countryCode: string } }) {
  const accounts = useConsentAccounts(consentId, enabled);
  if (!enabled) return null;
  if (accounts.isPending) return <SkeletonRows rows={2} label="Loading accounts" />;
  if (accounts.isError) return <div className="p-5"><FormError message={errorMessage(accounts.error)} /></div>;
  if (accounts.data.length === 0) return <EmptyState title="No accounts shared">The bank exposes no accounts under this consent.</EmptyState>;
  return (
    <Table caption="Accounts the bank shares under this consent" head={track ? ["Account", "IBAN", "Type", "Currency", <span key="t" className="sr-only">Tracking</span>] : ["Account", "IBAN", "Type", "Currency"]}>
      {accounts.data.map((a) => (
        <tr key={a.accountId}>
          <Td>
            <span className="font-medium text-slate-900">{a.name ?? a.product ?? "Account"}</span>
            {a.ownerName && <span className="block text-xs text-slate-500">{a.ownerName}</span>}
          </Td>
          <Td className="font-mono text-xs">{formatIban(a.iban)}</Td>
          <Td>{KIND[a.accountType]}</Td>
          <Td>{a.currency}</Td>
          {track && <Td className="text-right"><TrackButton consentId={consentId} bankId={track.bankId} countryCode={track.countryCode} account={a} /></Td>}
        </tr>
      ))}
    </Table>
  );
}
