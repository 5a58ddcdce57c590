"use client";
// Where the bank sends the person back: what happened and what to do next. Approved: pick the
// accounts to track right here. A renewal: the tracked accounts simply continue. Declined or broken:
// name the bank, don't blame the person, and make "Try again" the first thing to do. A bank that
// approves in its app (decoupled) sends nobody back: the person waits here (in-app-approval.tsx).
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";
import { accountTitle } from "@/components/accounts/format";
import { SyncProgress } from "@/components/accounts/sync-progress";
import { ConsentStatusBadge } from "@/components/accounttracking/consent-bits";
import { InAppApproval } from "@/components/accounttracking/in-app-approval";
import { TrackPicker } from "@/components/accounttracking/track-picker";
import { ButtonLink, Spinner } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { QueryError } from "@/components/ui/query-states";
import { useConsentStatus, type Consent } from "@/lib/client/accounttracking";
import { useAccounts } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";

const REJECTIONS: Record<string, string> = {
  missing_state: "The link back from the bank was incomplete.",
  unknown_state: "We could not match the link back from the bank to a connection you started.",
  wrong_integration: "The link back belongs to another bank connection.",
  used_state: "The link back from the bank had already been used once.",
  expired_state: "The approval took longer than 15 minutes, so the link expired.",
  other_browser:
    "The approval finished in a different browser than the one that started it. For your safety it was not accepted.",
};

/** "Try again" goes back to the same bank, already chosen. */
export function tryAgainHref(consent?: Pick<Consent, "bankId" | "countryCode"> | null): string {
  if (!consent?.bankId || !consent.countryCode) return "/connect";
  return `/connect?country=${encodeURIComponent(consent.countryCode)}&bank=${encodeURIComponent(consent.bankId)}`;
}

/** The card's last row: where to go from here. */
function NextSteps({ divided = false, children }: { divided?: boolean; children: ReactNode }) {
  return <div className={cx("flex gap-3 px-5 py-4", divided && "border-t border-slate-100")}>{children}</div>;
}

function ToBankConnections() {
  return (
    <ButtonLink href="/consents" variant="secondary">
      Go to bank connections
    </ButtonLink>
  );
}

/** A renewal (Renew, or Reconnect after access ended): the approval moved the accounts onto it and started their syncs. */
function Renewed({ consent }: { consent: Consent }) {
  const accounts = useAccounts();
  const moved = itemsOf(accounts.data).filter((a) => a.consentId === consent.id);
  const n = moved.length;
  const bank = consent.bankName ?? "Your bank";
  return (
    <Card>
      <CardHeader
        title={
          accounts.isPending
            ? `${bank}: access renewed`
            : `${bank}: access renewed — your ${n} account${n === 1 ? "" : "s"} continue${n === 1 ? "s" : ""}`
        }
        description={`Access is valid for ${consent.remainingDays} more days. Nothing to track again: each account syncs now and picks up where it stopped.`}
        action={<ConsentStatusBadge status={consent.status} />}
      />
      {n > 0 && (
        <ul className="divide-y divide-slate-100" aria-label="Accounts syncing again">
          {moved.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
              <span className="font-medium text-slate-900">{accountTitle(a)}</span>
              <SyncProgress run={a.latestSync} label={`Sync progress of ${accountTitle(a)}`} compact />
            </li>
          ))}
        </ul>
      )}
      <NextSteps divided={n > 0}>
        <ButtonLink href="/accounts">Go to accounts</ButtonLink>
        <ButtonLink href={`/consents/${consent.id}`} variant="secondary">
          See the connection
        </ButtonLink>
      </NextSteps>
    </Card>
  );
}

function NotConnected({ consent }: { consent: Consent }) {
  const bank = consent.bankName ?? "The bank";
  const title = consent.status === "rejected" ? `${bank} did not connect` : `${bank} is not connected`;
  return (
    <Card>
      <CardHeader
        title={title}
        description={`The approval at ${bank} was cancelled or not completed, so nothing was shared and nothing changed here. You can start again whenever you are ready.`}
        action={<ConsentStatusBadge status={consent.status} />}
      />
      <NextSteps>
        <ButtonLink href={tryAgainHref(consent)}>Try again</ButtonLink>
        <ToBankConnections />
      </NextSteps>
    </Card>
  );
}

/**
 * Back from the bank is a full page load (focus on <body>): once the outcome is known, focus goes to
 * its heading, so the next Tab reaches the accounts to track, not the navigation.
 */
function useFocusOutcome(key: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = key ? ref.current?.querySelector<HTMLElement>("h2") : null;
    if (!heading) return;
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  }, [key]);
  return ref;
}

function Outcome({ consentId, inAppUntil }: { consentId: string; inAppUntil: number | null }) {
  const status = useConsentStatus(consentId);
  const outcome = useFocusOutcome(status.data ? `${status.data.id}:${status.data.status}` : null);
  return (
    <div ref={outcome}>
      {inAppUntil !== null && status.data?.status === "pending" ? (
        <InAppApproval consent={status.data} until={inAppUntil} />
      ) : (
        <OutcomeCard status={status} />
      )}
    </div>
  );
}

function OutcomeCard({ status }: { status: ReturnType<typeof useConsentStatus> }) {
  if (status.isPending)
    return (
      <p className="p-5 text-sm text-slate-600">
        <Spinner /> Checking with your bank…
      </p>
    );
  if (status.isError)
    return <QueryError error={status.error} before="We could not check the connection with your bank just now." />;
  const consent = status.data;
  if (consent.status === "valid" && consent.renewsConsentId) return <Renewed consent={consent} />;
  if (consent.status !== "valid" && consent.status !== "pending") return <NotConnected consent={consent} />;
  const bank = consent.bankName ?? "Your bank";
  return (
    <Card>
      <CardHeader
        title={consent.status === "valid" ? `${bank} is connected` : `Waiting for ${bank} to confirm`}
        description={
          consent.status === "valid"
            ? `Valid for ${consent.remainingDays} days. Choose the accounts to track:`
            : undefined
        }
        action={<ConsentStatusBadge status={consent.status} />}
      />
      {consent.status === "pending" && (
        <p className="px-5 py-4 text-sm text-slate-600">
          <Spinner /> This page updates by itself.
        </p>
      )}
      <TrackPicker consent={consent} />
      <NextSteps divided>
        <ToBankConnections />
      </NextSteps>
    </Card>
  );
}

export function ConnectResult() {
  const params = useSearchParams();
  const consentId = params.get("consentId");
  const reason = params.get("reason");
  const until = Date.parse(params.get("until") ?? "");
  const inAppUntil = params.get("approach") === "decoupled" && Number.isFinite(until) ? until : null;
  return (
    <>
      <PageHeader title={inAppUntil === null ? "Back from your bank" : "Connecting your bank"} />
      {params.get("outcome") === "error" || !consentId ? (
        <Card>
          <CardHeader
            title="The connection could not be finished"
            description={REJECTIONS[reason ?? ""] ?? "Something went wrong on the way back from the bank."}
          />
          <p className="px-5 pb-4 text-sm text-slate-600">
            Nothing was shared and nothing changed. Start the connection again from this browser.
          </p>
          <NextSteps divided>
            <ButtonLink href="/connect">Try again</ButtonLink>
            <ToBankConnections />
          </NextSteps>
        </Card>
      ) : (
        <Outcome consentId={consentId} inAppUntil={inAppUntil} />
      )}
    </>
  );
}
