"use client";
// Where the bank sends the person back: what happened and what to do next.
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ConsentAccounts } from "@/components/accounttracking/consent-accounts";
import { ConsentStatusBadge } from "@/components/accounttracking/consent-bits";
import { buttonClasses, Spinner } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { useConsentStatus } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

const REJECTIONS: Record<string, string> = {
  missing_state: "The link from the bank was incomplete.",
  unknown_state: "We don't recognise this link from the bank.",
  wrong_integration: "This link belongs to another bank connection.",
  used_state: "This link from the bank was already used.",
  expired_state: "The approval took too long and the link expired (15 minutes).",
  other_browser: "The approval finished in a different browser than the one that started it. For your safety we did not accept it.",
};

function Outcome({ consentId }: { consentId: string }) {
  const status = useConsentStatus(consentId);
  if (status.isPending) return <p className="p-5 text-sm text-slate-600"><Spinner /> Checking with your bank…</p>;
  if (status.isError) return <div className="p-5"><FormError message={errorMessage(status.error)} /></div>;
  const consent = status.data;
  const title =
    consent.status === "valid" ? `${consent.bankName ?? "Your bank"} is connected` : consent.status === "pending" ? "Waiting for your bank to confirm" : consent.status === "rejected" ? "The connection was not approved" : `The consent is ${consent.status}`;
  return (
    <Card>
      <CardHeader
        title={title}
        description={consent.statusReason ?? (consent.status === "valid" ? `Valid for ${consent.remainingDays} days. These are the accounts your bank shares:` : undefined)}
        action={<ConsentStatusBadge status={consent.status} />}
      />
      {consent.status === "pending" && <p className="px-5 pb-5 text-sm text-slate-600"><Spinner /> This page updates by itself.</p>}
      <ConsentAccounts consentId={consent.id} enabled={consent.status === "valid"} />
      <div className="flex gap-3 border-t border-slate-100 px-5 py-4">
        {consent.status === "valid" && <Link href={`/consents/${consent.id}`} className={buttonClasses("primary")}>Track an account</Link>}
        <Link href="/consents" className={buttonClasses(consent.status === "valid" ? "secondary" : "primary")}>Go to bank connections</Link>
        {consent.status !== "valid" && consent.status !== "pending" && <Link href="/connect" className={buttonClasses("secondary")}>Try again</Link>}
      </div>
    </Card>
  );
}

export function ConnectResult() {
  const params = useSearchParams();
  const consentId = params.get("consentId");
  const reason = params.get("reason");
  return (
    <>
      <PageHeader title="Back from your bank" />
      {params.get("outcome") === "error" || !consentId ? (
        <Card>
          <CardHeader title="We could not finish connecting your bank" description={REJECTIONS[reason ?? ""] ?? "Something went wrong on the way back from the bank."} />
          <p className="px-5 pb-4 text-sm text-slate-600">Nothing was changed. Start the connection again from this browser.</p>
          <div className="border-t border-slate-100 px-5 py-4">
            <Link href="/connect" className={buttonClasses("primary")}>Connect a bank</Link>
          </div>
        </Card>
      ) : (
        <Outcome consentId={consentId} />
      )}
    </>
  );
}
