"use client";
// Bank connections whose access ends within 14 days: PSD2 consents cannot be extended, so the
// person reconnects (a renewal approved at the bank) before syncing stops.
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { useConsentAction, type Consent } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

export const ENDING_WITHIN_DAYS = 14;

export function endingSoon(consents: Consent[], now = Date.now()): Consent[] {
  const limit = now + ENDING_WITHIN_DAYS * 86_400_000;
  return consents.filter((c) => c.status === "valid" && c.expiresAt !== null && Date.parse(c.expiresAt) <= limit);
}

export function ConsentsEnding({ consents, canReconnect }: { consents: Consent[]; canReconnect: boolean }) {
  const renew = useConsentAction("renew");
  if (consents.length === 0) return null;
  return (
    <Card className="ring-amber-300">
      <CardHeader
        title="Bank access ending soon"
        description="Banks let access last at most 180 days. Renew it at your bank before it ends so your accounts keep syncing."
      />
      <ul className="divide-y divide-slate-100">
        {consents.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
            <span>
              <span className="font-medium text-slate-900">
                {c.bankName ?? "Your bank"}: access ends in {c.remainingDays} {c.remainingDays === "1" ? "day" : "days"}
              </span>
              <span className="block text-slate-700">On {formatDateTime(c.expiresAt)}</span>
            </span>
            {canReconnect && (
              <Button
                size="sm"
                pending={renew.isPending && renew.variables === c.id}
                onClick={() => renew.mutate(c.id)}
              >
                Renew<span className="sr-only"> access to {c.bankName ?? "the bank"}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      <FormError
        message={renew.isError ? `Could not start the reconnection: ${errorMessage(renew.error)} Try again.` : null}
      />
    </Card>
  );
}
