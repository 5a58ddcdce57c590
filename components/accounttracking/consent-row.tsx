"use client";
// The rows of the Bank connections page. A live connection: the bank, the accounts tracked under it
// (with the account holder the bank names, which tells two connections to one bank apart), its
// status and validity, and for members and admins Renew and Revoke. A connection in History: what
// happened and when, never a "valid until" (it no longer is).
import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { accountTitle } from "@/components/accounts/format";
import { ConsentStatusBadge, formatIban, statusNote, ValidityBar } from "@/components/accounttracking/consent-bits";
import { RenewButton } from "@/components/accounttracking/renew-button";
import { RevokeButton } from "@/components/accounttracking/revoke-button";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Td } from "@/components/ui/table";
import type { Consent } from "@/lib/client/accounttracking";
import type { Account } from "@/lib/client/accounts";

const PURPOSE = { account_access: "Accounts, balances, transactions", account_list: "Account list" } as const;

function TrackedUnder({ consent, accounts }: { consent: Consent; accounts: Account[] }) {
  if (consent.status !== "valid") return null;
  if (accounts.length === 0)
    return (
      <AppLink href={`/consents/${consent.id}`} className="mt-1 block text-xs text-indigo-700 underline">
        No account tracked yet: choose accounts
      </AppLink>
    );
  const holders = [...new Set(accounts.map((a) => a.ownerName).filter(Boolean))];
  return (
    <div className="mt-1 text-xs text-slate-600">
      {holders.length > 0 && <span className="block">Account holder: {holders.join(", ")}</span>}
      <ul aria-label={`Accounts tracked at ${consent.bankName ?? "this bank"}`}>
        {accounts.map((a) => (
          <li key={a.id}>
            <AppLink href={`/accounts/${a.id}`} className="text-indigo-700 hover:underline">
              {accountTitle(a)}
            </AppLink>{" "}
            <span className="font-mono">{formatIban(a.iban)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A connection's first cell: its bank, linked to the connection's page, and a line about it. */
function BankCell({ consent, note, children }: { consent: Consent; note: string; children?: ReactNode }) {
  return (
    <Td className="whitespace-normal">
      <AppLink href={`/consents/${consent.id}`} className="font-medium text-indigo-700 hover:underline">
        {consent.bankName ?? "Bank not chosen"}
      </AppLink>
      <span className="block text-xs text-slate-500">{note}</span>
      {children}
    </Td>
  );
}

export function LiveConsentRow({
  consent: c,
  accounts,
  canSetUp,
}: {
  consent: Consent;
  accounts: Account[];
  canSetUp: boolean;
}) {
  return (
    <tr>
      <BankCell consent={c} note={`${PURPOSE[c.purpose]} · approved ${formatDateTime(c.authorizedAt ?? c.createdAt)}`}>
        <TrackedUnder consent={c} accounts={accounts} />
      </BankCell>
      <Td>
        <ConsentStatusBadge status={c.status} />
        {statusNote(c) && (
          <span className="mt-1 block max-w-56 whitespace-normal text-xs text-slate-600">{statusNote(c)}</span>
        )}
      </Td>
      <Td>
        <ValidityBar consent={c} />
      </Td>
      <Td>{c.validUntil ? formatDate(c.validUntil) : "—"}</Td>
      <Td className="text-right">
        {canSetUp && (
          <span className="inline-flex gap-2">
            {c.status === "valid" && (
              <RenewButton consent={c} variant="secondary">
                Renew<span className="sr-only"> {c.bankName ?? "this bank"}</span>
              </RenewButton>
            )}
            <RevokeButton consent={c} />
          </span>
        )}
      </Td>
    </tr>
  );
}

/** What happened to a connection that is no longer live, in words. */
function outcome(c: Consent): string {
  if (c.status === "pending") return "Not finished at the bank";
  return statusNote(c) ?? c.status;
}

export function HistoryConsentRow({ consent: c, canSetUp }: { consent: Consent; canSetUp: boolean }) {
  const ended = c.status === "revoked" || c.status === "expired";
  return (
    <tr>
      <BankCell consent={c} note={`started ${formatDateTime(c.createdAt)}`} />
      <Td className="whitespace-normal">
        {c.status === "pending" ? (
          <span className="text-xs text-slate-600">Not finished</span>
        ) : (
          <ConsentStatusBadge status={c.status} />
        )}
        <span className="mt-1 block max-w-72 text-xs text-slate-600">{outcome(c)}</span>
      </Td>
      <Td>{formatDateTime(c.updatedAt)}</Td>
      <Td className="text-right">
        {canSetUp && ended && (
          <RenewButton consent={c} variant="secondary">
            Reconnect<span className="sr-only"> {c.bankName ?? "this bank"}</span>
          </RenewButton>
        )}
      </Td>
    </tr>
  );
}
