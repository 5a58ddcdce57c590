"use client";
// Accounts whose bank access ended (revoked, expired, declined): they no longer sync, so they say
// "Access ended" with Reconnect rather than looking synced. Reconnect renews the connection, and
// once approved the same accounts continue with their history.
import { AppLink } from "@/components/ui/app-link";
import { accountTitle } from "@/components/accounts/format";
import { accessEnded } from "@/components/accounts/health";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { RenewButton } from "@/components/accounttracking/renew-button";
import { TrackPicker } from "@/components/accounttracking/track-picker";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { useConsentAccounts, useConsents, type Consent } from "@/lib/client/accounttracking";
import { useAccounts, useCanManageAccounts, type Account } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";

function ReconnectButton({ consentId, bankName }: { consentId: string; bankName: string | null }) {
  const { allowed } = useCanManageAccounts();
  if (!allowed) return null;
  return (
    <RenewButton consent={{ id: consentId }}>
      Reconnect<span className="sr-only"> {bankName ?? "the bank"}</span>
    </RenewButton>
  );
}

/** Tracked accounts whose access ended (from each account's own access status), and the scope's consents. */
function useEnded() {
  const consents = useConsents();
  const accounts = useAccounts();
  const ended = itemsOf(accounts.data).filter((a) => accessEnded(a));
  return { consents: consents.data?.items ?? [], ended };
}

/** On one account's page: a banner when its access ended. */
export function AccountAccessBanner({ account }: { account: Account }) {
  // An account kept from statement files has no access to end (accessEnded says null for it).
  if (!accessEnded(account) || !account.consentId) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <span>
        <Badge tone="amber">Access ended</Badge> {accountTitle(account)} no longer syncs: access to{" "}
        {account.bankName ?? "the bank"} ended. Its history stays; reconnect to continue.
      </span>
      <ReconnectButton consentId={account.consentId} bankName={account.bankName} />
    </div>
  );
}

function EndedRow({ account }: { account: Account }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm">
      <AppLink href={`/accounts/${account.id}`} className="font-medium text-indigo-700 hover:underline">
        {accountTitle(account)}
      </AppLink>
      <span className="font-mono text-xs text-slate-600">{formatIban(account.iban)}</span>
      <Badge tone="amber">Access ended</Badge>
      <span className="flex-1 text-xs text-slate-600">{account.bankName ?? "The bank"} · no longer syncing</span>
    </li>
  );
}

/** On the Accounts page: accounts whose access ended, and accounts a bank shares that are not tracked. */
export function AccountsAccess() {
  const { consents, ended } = useEnded();
  const endedConsents = [...new Set(ended.flatMap((a) => a.consentId ?? []))];
  return (
    <div className="mt-6 space-y-6">
      {endedConsents.map((consentId) => {
        const accounts = ended.filter((a) => a.consentId === consentId);
        const bankName = accounts[0]?.bankName ?? null;
        return (
          <Card key={consentId}>
            <CardHeader
              title={`Access ended: ${bankName ?? "a bank"}`}
              description="These accounts no longer sync. Their history stays; reconnect to continue where they stopped."
              action={<ReconnectButton consentId={consentId} bankName={bankName} />}
            />
            <ul className="divide-y divide-slate-100">
              {accounts.map((a) => (
                <EndedRow key={a.id} account={a} />
              ))}
            </ul>
          </Card>
        );
      })}
      {consents
        .filter((c) => c.status === "valid")
        .map((consent) => (
          <UntrackedAt key={consent.id} consent={consent} />
        ))}
    </div>
  );
}

function UntrackedAt({ consent }: { consent: Consent }) {
  // Same queries as the picker's (shared cache): only show the card when something is left to track.
  const exposed = useConsentAccounts(consent.id, true);
  const accounts = useAccounts();
  const tracked = new Set(
    itemsOf(accounts.data)
      .filter((a) => a.consentId === consent.id)
      .map((a) => a.bankAccountId),
  );
  if (!exposed.data || !accounts.data || exposed.data.every((a) => tracked.has(a.accountId))) return null;
  return (
    <Card>
      <CardHeader
        title={`Not tracked yet at ${consent.bankName ?? "your bank"}`}
        description="Shared by the bank but not synced. Tick the ones to track."
      />
      <TrackPicker consent={consent} afterTrack="stay" onlyUntracked />
    </Card>
  );
}
