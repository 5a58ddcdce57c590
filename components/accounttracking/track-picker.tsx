"use client";
// Choosing, in place, which of a bank connection's accounts to track: a checkbox per account (all
// new ones ticked), and one "Track 2 accounts" button. Each account says its product (the bank's
// name for the kind of account) and its balance: a tracked account's from its last sync, one not
// tracked yet as the bank listed it at approval (NextGenPSD2 lists balances with the accounts in the
// same call; an aggregator that does not gets "Balance after the first sync", never an extra call).
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ManageAccountsReason } from "@/components/accounts/manage-reason";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { Button } from "@/components/ui/button";
import { EmptyState, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-states";
import type { BankAccount, Consent } from "@/lib/client/accounttracking";
import { useConsentAccounts } from "@/lib/client/accounttracking";
import { useAccounts, useCanManageAccounts, useTrackAccount } from "@/lib/client/accounts";
import { errorMessage, isApiCallError } from "@/lib/client/errors";
import { itemsOf } from "@/lib/client/domain-hooks";

const KIND = { private: "Private", company: "Company", payment: "Payment" } as const;
const plural = (n: number) => `${n} account${n === 1 ? "" : "s"}`;

export function accountName(a: Pick<BankAccount, "name" | "product">): string {
  return a.name ?? a.product ?? "Account";
}

/** The product, when it says more than the name already does. */
function productOf(a: Pick<BankAccount, "name" | "product">): string | null {
  return a.product && a.product !== accountName(a) ? a.product : null;
}

type ShownBalance = { amount: string; currency: string; date: string | null } | null;

function Balance({ balance, testId }: { balance: ShownBalance; testId: string }) {
  if (!balance) return <span className="text-xs text-slate-600">Balance after the first sync</span>;
  const { amount, currency, date } = balance;
  return (
    <span className="text-sm tabular-nums text-slate-900" data-testid={testId}>
      {formatMoney(amount, currency)}
      {date && <span className="text-xs text-slate-600"> on {formatBankDate(date)}</span>}
    </span>
  );
}

type Props = {
  consent: Consent;
  /** "open": go to the new account(s) afterwards; "stay": remain on this page. */
  afterTrack?: "open" | "stay";
  /** Only the accounts not tracked yet, and nothing at all when there are none (the Accounts page). */
  onlyUntracked?: boolean;
};

export function TrackPicker({ consent, afterTrack = "open", onlyUntracked = false }: Props) {
  const router = useRouter();
  const exposed = useConsentAccounts(consent.id, consent.status === "valid");
  const accounts = useAccounts();
  const track = useTrackAccount();
  const { allowed } = useCanManageAccounts();
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bank = consent.bankName ?? "your bank";

  if (consent.status !== "valid") return null;
  if (exposed.isPending || accounts.isPending) return <SkeletonRows rows={2} label="Loading accounts" />;
  if (exposed.isError)
    return <QueryError error={exposed.error} before={`${bank} did not list the accounts just now.`} />;
  if (exposed.data.length === 0)
    return <EmptyState title="No accounts shared">{bank} shares no accounts under this connection.</EmptyState>;

  const tracked = new Map(
    itemsOf(accounts.data)
      .filter((a) => a.consentId === consent.id)
      .map((a) => [a.bankAccountId, a]),
  );
  const open = exposed.data.filter((a) => !tracked.has(a.accountId));
  const chosen = open.filter((a) => !unticked.has(a.accountId));
  const listed = onlyUntracked ? open : exposed.data;
  if (listed.length === 0) return null;
  const toggle = (id: string) => {
    const next = new Set(unticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setUnticked(next);
  };
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    const ids: string[] = [];
    for (const a of chosen) {
      try {
        const { account } = await track.mutateAsync({
          bankId: consent.bankId ?? "",
          countryCode: consent.countryCode ?? "",
          accountType: a.accountType,
          consentId: consent.id,
          accountId: a.accountId,
        });
        ids.push(account.id);
      } catch (error) {
        // Already tracked (say, from another tab) is what the person wanted anyway.
        if (isApiCallError(error) && error.status === 409) continue;
        setFailure(
          `${accountName(a)} could not be tracked: ${errorMessage(error)} The others are tracked; try this one again.`,
        );
      }
    }
    setBusy(false);
    if (afterTrack === "open" && ids.length > 0) router.push(ids.length === 1 ? `/accounts/${ids[0]}` : "/accounts");
  };

  return (
    <form
      className="px-5 py-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Accounts at {bank}</legend>
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {listed.map((a) => {
            const trackedAccount = tracked.get(a.accountId);
            const trackedId = trackedAccount?.id;
            const product = productOf(a);
            return (
              <li key={a.accountId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                {trackedId ? (
                  <span className="flex-1 text-sm">
                    <span className="font-medium text-slate-900">{accountName(a)}</span>{" "}
                    {product && <span className="text-slate-600">{product} </span>}
                    <span className="font-mono text-xs text-slate-600">{formatIban(a.iban)}</span>
                  </span>
                ) : (
                  <label className="flex flex-1 cursor-pointer items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-indigo-600"
                      checked={!unticked.has(a.accountId)}
                      onChange={() => toggle(a.accountId)}
                      disabled={!allowed}
                    />
                    <span>
                      <span className="font-medium text-slate-900">{accountName(a)}</span>{" "}
                      {product && <span className="text-slate-600">{product} </span>}
                      <span className="font-mono text-xs text-slate-600">{formatIban(a.iban)}</span>
                    </span>
                  </label>
                )}
                <span className="text-xs text-slate-600">
                  {KIND[a.accountType]} · {a.currency}
                </span>
                {trackedAccount ? (
                  <Balance balance={trackedAccount.balance} testId="tracked-balance" />
                ) : (
                  <Balance
                    balance={a.balance && { ...a.balance, date: a.balance.referenceDate }}
                    testId="listed-balance"
                  />
                )}
                {trackedId && (
                  <AppLink href={`/accounts/${trackedId}`} className="text-sm text-indigo-700 hover:underline">
                    Tracked — open<span className="sr-only"> {accountName(a)}</span>
                  </AppLink>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <ManageAccountsReason className="mt-3 text-sm text-slate-600" />
      {failure && (
        <div className="mt-3">
          <FormError message={failure} />
        </div>
      )}
      {open.length > 0 && (
        <div className="mt-4 flex items-center gap-3">
          <Button type="submit" disabled={!allowed || chosen.length === 0} pending={busy}>
            Track {plural(chosen.length)}
          </Button>
          <span className="text-xs text-slate-600">
            Each tracked account syncs now, then twice a day on its own (you can change this on its page).
          </span>
        </div>
      )}
    </form>
  );
}
