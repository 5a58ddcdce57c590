"use client";
// Small shared pieces: a status badge, a validity bar, a formatted IBAN.
import { Badge } from "@/components/ui/card";
import type { Consent, ConsentStatus } from "@/lib/client/accounttracking";

const STATUS: Record<ConsentStatus, { label: string; tone: "slate" | "indigo" | "green" | "amber" | "red" }> = {
  pending: { label: "Waiting for the bank", tone: "amber" },
  valid: { label: "Connected", tone: "green" },
  rejected: { label: "Declined", tone: "red" },
  expired: { label: "Expired", tone: "slate" },
  revoked: { label: "Revoked", tone: "slate" },
  renewed: { label: "Renewed", tone: "indigo" },
};

export function ConsentStatusBadge({ status }: { status: ConsentStatus }) {
  const s = STATUS[status];
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

/** Remaining validity as a bar: full when just approved, empty at expiry; amber in the last 14 days. */
export function ValidityBar({ consent }: { consent: Consent }) {
  const remaining = Number(consent.remainingDays);
  const share = consent.expiryDays > 0 ? Math.max(0, Math.min(1, remaining / consent.expiryDays)) : 0;
  const low = consent.status === "valid" && remaining <= 14;
  return (
    <div className="min-w-32">
      <div className="flex justify-between text-xs text-slate-600">
        <span>
          {consent.status === "valid"
            ? `${remaining} day${remaining === 1 ? "" : "s"} left`
            : consent.status === "pending"
              ? `${consent.expiryDays} days once approved`
              : "Ended"}
        </span>
      </div>
      <div
        className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Remaining validity"
        aria-valuemin={0}
        aria-valuemax={consent.expiryDays}
        aria-valuenow={consent.status === "valid" ? remaining : 0}
      >
        <div
          className={low ? "h-full bg-amber-500" : "h-full bg-emerald-500"}
          style={{ width: `${consent.status === "valid" ? share * 100 : 0}%` }}
        />
      </div>
    </div>
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** What a person should read about the status: our own words, never a server note with a raw id. */
export function statusNote(consent: Pick<Consent, "status" | "statusReason" | "bankName">): string | null {
  const bank = consent.bankName ?? "the bank";
  switch (consent.status) {
    case "renewed":
      return "Replaced by its renewal; the tracked accounts moved there.";
    case "revoked":
      return `Access ended. Reconnect ${bank} to sync its accounts again.`;
    case "expired":
      return `The approval at ${bank} ran out. Reconnect to sync again.`;
    case "rejected":
      return `Not approved at ${bank}; nothing was shared.`;
    default:
      return consent.statusReason && !UUID.test(consent.statusReason) ? consent.statusReason : null;
  }
}

export function formatIban(iban: string | null): string {
  return iban
    ? iban
        .replace(/\s+/g, "")
        .replace(/(.{4})/g, "$1 ")
        .trim()
    : "—";
}
