"use client";
// Renew a bank connection (Renew while it is valid, Reconnect once access ended): a new consent is
// made and the browser goes to the bank to approve it; a failure is told in a toast. The caller
// words the button.
import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useConsentAction, type Consent } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

type Props = { consent: Pick<Consent, "id">; variant?: ComponentProps<typeof Button>["variant"]; children: ReactNode };

export function RenewButton({ consent, variant, children }: Props) {
  const renew = useConsentAction("renew");
  const toast = useToast();
  return (
    <Button
      size="sm"
      variant={variant}
      pending={renew.isPending}
      onClick={() => renew.mutate(consent.id, { onError: (e) => toast.error(errorMessage(e)) })}
    >
      {children}
    </Button>
  );
}
