"use client";
// "Track" on a bank connection's account: starts tracking it (and its first sync), then opens it.
// An account already tracked shows a link to it instead.
import { useRouter } from "next/navigation";
import { Button, ButtonLink } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { BankAccount } from "@/lib/client/accounttracking";
import { useAccounts, useCanManageAccounts, useTrackAccount } from "@/lib/client/accounts";
import { errorMessage, formErrorMessage, isApiCallError } from "@/lib/client/errors";
import { itemsOf } from "@/lib/client/domain-hooks";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export function TrackButton({
  consentId,
  bankId,
  countryCode,
  account,
}: {
  consentId: string;
  bankId: string;
  countryCode: string;
  account: BankAccount;
}) {
  const router = useRouter();
  const toast = useToast();
  const track = useTrackAccount();
  const tracked = useAccounts();
  const { allowed, reason } = useCanManageAccounts();
  const label = account.name ?? account.product ?? "account";
  const existing = itemsOf(tracked.data).find(
    (a) => a.consentId === consentId && a.bankAccountId === account.accountId,
  );

  if (existing) {
    return (
      <ButtonLink
        href={`/accounts/${existing.id}`}
        variant="secondary"
        size="sm"
        aria-label={`Open tracked account ${label}`}
      >
        Tracked: open
      </ButtonLink>
    );
  }
  return (
    <Button
      size="sm"
      aria-label={`Track ${label}`}
      title={reason ?? undefined}
      disabled={!allowed}
      pending={track.isPending}
      onClick={() =>
        track.mutate(
          { bankId, countryCode, accountType: account.accountType, consentId, accountId: account.accountId },
          {
            onSuccess: ({ account: created }) => {
              toast.success(`Tracking ${label}; the first sync has started.`);
              router.push(`/accounts/${created.id}`);
            },
            onError: (error) => {
              const already = isApiCallError(error) && error.status === 409 ? UUID.exec(error.message)?.[0] : undefined;
              if (already) router.push(`/accounts/${already}`);
              else
                toast.error(
                  isApiCallError(error) && error.details
                    ? (formErrorMessage(error) ?? errorMessage(error))
                    : errorMessage(error),
                );
            },
          },
        )
      }
    >
      Track
    </Button>
  );
}
