"use client";
// Under an account's totals: how the bank's balance is made up (the balance before the first synced
// booking, plus the bookings since), which anchors the running balance, or why it cannot be relied
// on now and what to do (components/accounts/running-balance.ts balanceCheck).
import { useId, useState } from "react";
import { formatBankDate, formatMoney, plural } from "@/components/accounts/format";
import { balanceCheck } from "@/components/accounts/running-balance";
import { Button } from "@/components/ui/button";
import type { AccountStats } from "@/lib/client/accounts";

export function BalanceCheckNote({ stats, filtered }: { stats: AccountStats; filtered: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const check = balanceCheck(stats);
  const money = (amount: string) => formatMoney(amount, stats.currency);
  return (
    <div className="border-b border-slate-100 px-4 py-2 text-xs sm:px-5 sm:text-sm" data-testid="balance-check">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {check.kind === "ok" && stats.balance && stats.bookedSum !== null ? (
          <>
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            {/* flex-1 (basis 0): the sentence wraps beside its mark, not onto a line of its own. */}
            <span className="min-w-0 flex-1">
              Balance check: the bank&apos;s {money(stats.balance.amount)}
              {stats.balance.date ? ` on ${formatBankDate(stats.balance.date)}` : ""}
              {/* On a phone the sum is one tap away (How it is checked): the rows come first. */}
              <span className="sm:hidden"> adds up.</span>
              <span className="hidden sm:inline">
                {" "}
                = {money(check.opening)} before {formatBankDate(stats.firstDate)}{" "}
                {stats.bookedSum.startsWith("-") ? "−" : "+"} {money(stats.bookedSum.replace(/^-/, ""))} in{" "}
                {plural(stats.counts.booked, "booked transaction")} since.
              </span>
            </span>
          </>
        ) : (
          <>
            <span aria-hidden="true" className="text-amber-700">
              !
            </span>
            <span className="text-amber-900">Balance check: {check.text}</span>
          </>
        )}
        {check.kind === "ok" && (
          <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
            {open ? "Hide how" : "How it is checked"}
          </Button>
        )}
      </p>
      {check.kind === "ok" && (
        <p id={id} hidden={!open} className="mt-1 max-w-3xl text-xs text-slate-600">
          {stats.balance && stats.bookedSum !== null && (
            <span className="block sm:hidden">
              {money(stats.balance.amount)} = {money(check.opening)} before {formatBankDate(stats.firstDate)}{" "}
              {stats.bookedSum.startsWith("-") ? "−" : "+"} {money(stats.bookedSum.replace(/^-/, ""))} in{" "}
              {plural(stats.counts.booked, "booked transaction")} since.
            </span>
          )}
          {check.text} Pending transactions are not part of the booked balance.
        </p>
      )}
      {filtered && (
        <p className="mt-1 text-xs text-slate-600">
          The running balance shows without filters: each row&apos;s balance needs every transaction above it.
        </p>
      )}
    </div>
  );
}
