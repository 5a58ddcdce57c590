"use client";
// While the account holder approves in their banking app (a bank's decoupled approval): nobody is
// redirected, so this page is where they wait. It says where to look, how long is left (our wait:
// the bank may give up sooner, and then the status says so), the status as the server last
// confirmed it (polled every second), and Cancel, which ends the request here and at the bank.
import { useEffect, useState } from "react";
import { ConsentStatusBadge } from "@/components/accounttracking/consent-bits";
import { tryAgainHref } from "@/components/accounttracking/connect-result";
import { Button, ButtonLink, Spinner } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { useConsentAction, type Consent } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

/** Seconds until `until` (never negative), ticking once a second. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export function InAppApproval({ consent, until }: { consent: Consent; until: number }) {
  const left = useSecondsLeft(until);
  const cancel = useConsentAction("revoke");
  const bank = consent.bankName ?? "your bank";
  if (left === 0)
    return (
      <Card>
        <CardHeader
          title="The time to approve ran out"
          description={`Nothing was shared. If you still want to connect ${bank}, start again and approve in its app when it asks.`}
          action={<ConsentStatusBadge status={consent.status} />}
        />
        <div className="flex gap-3 px-5 py-4">
          <ButtonLink href={tryAgainHref(consent)}>Try again</ButtonLink>
        </div>
      </Card>
    );
  return (
    <Card>
      <CardHeader
        title="Approve in your banking app"
        description={`Open ${bank}'s app on your phone and approve the access request from Ledgerlink there. Nothing to do on this page: it updates by itself.`}
        action={<ConsentStatusBadge status={consent.status} />}
      />
      <div className="space-y-3 px-5 py-4 text-sm text-slate-600">
        <p role="status">
          <Spinner /> Waiting for your approval in the app…
        </p>
        <p>
          Time left: <span className="font-medium tabular-nums text-slate-900">{clock(left)}</span>
        </p>
        <FormError message={cancel.isError ? errorMessage(cancel.error) : null} />
        <Button variant="secondary" pending={cancel.isPending} onClick={() => cancel.mutate(consent.id)}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}
