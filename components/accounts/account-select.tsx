"use client";
// The scope's accounts as a narrowing choice ("All accounts" first), for the pages that span them all.
import { accountTitle } from "@/components/accounts/format";
import type { Account } from "@/lib/client/accounts";

export function AccountSelect({
  accounts,
  value,
  onChange,
}: {
  accounts: Account[];
  value: string;
  onChange: (accountId: string) => void;
}) {
  return (
    <select
      aria-label="Account"
      className="max-w-56 rounded-md py-1.5 pl-3 pr-8 text-sm ring-1 ring-slate-300"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">All accounts</option>
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {accountTitle(a)}
        </option>
      ))}
    </select>
  );
}
