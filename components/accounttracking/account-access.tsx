"use client";
// Accounts whose bank access ended (revoked, expired, declined): they no longer sync, so they say
// "Access ended" with Reconnect rather than looking synced. Reconnect renews the connection, and
// once approved the same accounts continue with their history.
import Link from "next/link";
import { accountTitle } from "@/components/accounts/format";
import { formatIban } from "@/components/accounttracking/consent-bits";
import { RenewButton } from "@/components/accounttracking/renew-button";
import { TrackPicker } from "@/components/accounttracking/track-picker";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { useConsentAccounts, useConsents, type Consent } from "@/lib/client/accounttracking";
import { useAccounts, type Account } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";

const ENDED: readonly Consent["status"][] = ["revoked", "expired", "rejected"];

function ReconnectButton({ consent }: { consent: Consent }) {
  return (
    <RenewButton consent={consent}>
      Reconnect<span className="sr-only"> {consent.bankName ?? "the bank"}</span>
    </RenewButton>
  );
}

function useEnded() {
  const consents = useConsents();
  const accounts = useAccounts();
  const byId = new Map((consents.data?.items ?? []).map((c) => [c.id, c]));
  const all = itemsOf(accounts.data);
  const ended = all.filter((a) => ENDED.includes(byId.get(a.consentId)?.status ?? "valid"));
  return { consents: consents.data?.items ?? [], byId, ended };
}

/** On one account's page: a banner when its access ended. */
export function AccountAccessBanner({ accountId }: { accountId: string }) {
  const { byId, ended } = useEnded();
  const account = ended.find((a) => a.id === accountId);
  const consent = account ? byId.get(account.consentId) : undefined;
  if (!account || !consent) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <span>
        <Badge tone="amber">Access ended</Badge> {accountTitle(account)} no longer syncs: access to{" "}
        {consent.bankName ?? "the bank"} ended. Its history stays; reconnect to continue.
      </span>
      <ReconnectButton consent={consent} />
    </div>
  );
}

function EndedRow({ account, consent }: { account: Account; consent: Consent }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm">
      <Link href={`/accounts/${account.id}`} className="font-medium text-indigo-700 hover:underline">
        {accountTitle(account)}
      </Link>
      <span className="font-mono text-xs text-slate-600">{formatIban(account.iban)}</span>
      <Badge tone="amber">Access ended</Badge>
      <span className="flex-1 text-xs text-slate-600">{consent.bankName ?? "The bank"} · no longer syncing</span>
    </li>
  );
}

/** On the Accounts page: accounts whose access ended, and accounts a bank shares that are not tracked. */
export function AccountsAccess() {
  const { consents, byId, ended } = useEnded();
  const endedConsents = consents.filter((c) => ended.some((a) => a.consentId === c.id));
  return (
    <div className="mt-6 space-y-6">
      {endedConsents.map((consent) => (
        <Card key={consent.id}>
          <CardHeader
            title={`Access ended: ${consent.bankName ?? "a bank"}`}
            description="These accounts no longer sync. Their history stays; reconnect to continue where they stopped."
            action={<ReconnectButton consent={consent} />}
          />
          <ul className="divide-y divide-slate-100">
            {ended
              .filter((a) => a.consentId === consent.id)
              .map((a) => (
                <EndedRow key={a.id} account={a} consent={byId.get(a.consentId) ?? consent} />
              ))}
          </ul>
        </Card>
      ))}
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
