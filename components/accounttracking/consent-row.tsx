"use client";
// One bank connection in the table of the Bank connections page: the bank and what it shares, the
// status with its note, the validity, and for members and admins Renew (or Reconnect) and Revoke.
import Link from "next/link";
import { ConsentStatusBadge, statusNote, ValidityBar } from "@/components/accounttracking/consent-bits";
import { RenewButton } from "@/components/accounttracking/renew-button";
import { RevokeButton } from "@/components/accounttracking/revoke-button";
import { formatDate } from "@/components/ui/format";
import { Td } from "@/components/ui/table";
import type { Consent } from "@/lib/client/accounttracking";

export function ConsentRow({ consent: c, canSetUp }: { consent: Consent; canSetUp: boolean }) {
  return (
    <tr>
      <Td>
        <Link href={`/consents/${c.id}`} className="font-medium text-indigo-700 hover:underline">
          {c.bankName ?? "Bank not chosen"}
        </Link>
        <span className="block text-xs text-slate-500">
          {c.purpose === "account_access" ? "Accounts, balances, transactions" : "Account list"} · created{" "}
          {formatDate(c.createdAt)}
        </span>
      </Td>
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
            {c.status !== "pending" && c.status !== "rejected" && c.status !== "renewed" && (
              <RenewButton consent={c} variant="secondary">
                {c.status === "valid" ? "Renew" : "Reconnect"}
                <span className="sr-only"> {c.bankName ?? "this bank"}</span>
              </RenewButton>
            )}
            {(c.status === "valid" || c.status === "pending") && <RevokeButton consent={c} />}
          </span>
        )}
      </Td>
    </tr>
  );
}
