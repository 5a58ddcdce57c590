"use client";
// An account's health in words (components/accounts/health.ts): a badge, what it means, and what to
// do, with Reconnect where access ended (for those who may) and a link where there is one.
import { AppLink } from "@/components/ui/app-link";
import type { Advice, Health } from "@/components/accounts/health";
import { RenewButton } from "@/components/accounttracking/renew-button";
import { Badge } from "@/components/ui/card";

export function AdviceText({ advice, className }: { advice: Advice; className?: string }) {
  return (
    <p className={className}>
      {advice.text}{" "}
      {advice.href && (
        <AppLink href={advice.href} className="font-medium underline">
          {advice.linkLabel}
        </AppLink>
      )}
    </p>
  );
}

export function HealthNote({
  health,
  consentId,
  bankName,
  canReconnect,
}: {
  health: Health;
  /** null: kept from statement files, nothing to reconnect. */
  consentId: string | null;
  bankName: string | null;
  canReconnect: boolean;
}) {
  return (
    <div className="space-y-1">
      <Badge tone={health.tone}>{health.label}</Badge>
      {health.kind === "ended" && (
        <>
          <p className="text-xs text-slate-700">{health.detail}</p>
          {canReconnect && consentId && (
            <RenewButton consent={{ id: consentId }} variant="secondary">
              Reconnect<span className="sr-only"> {bankName ?? "the bank"}</span>
            </RenewButton>
          )}
        </>
      )}
      {health.kind === "failed" && (
        <>
          <p className="text-xs text-red-800">{health.message}</p>
          <AdviceText advice={health.advice} className="text-xs text-slate-700" />
        </>
      )}
    </div>
  );
}
