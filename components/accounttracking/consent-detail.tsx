"use client";
import { AppLink } from "@/components/ui/app-link";
import { ConsentStatusBadge, statusNote, ValidityBar } from "@/components/accounttracking/consent-bits";
import { TrackPicker } from "@/components/accounttracking/track-picker";
import { Card, CardHeader, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { useConsentStatus } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

export function ConsentDetail({ id }: { id: string }) {
  const status = useConsentStatus(id);
  if (status.isPending) return <SkeletonRows rows={4} label="Loading consent" />;
  if (status.isError) return <FormError message={errorMessage(status.error)} />;
  const c = status.data;
  const live = c.status === "valid" || c.status === "pending";
  return (
    <>
      <PageHeader
        title={c.bankName ?? "Bank connection"}
        description={
          <AppLink href="/consents" className="text-indigo-700 hover:underline">
            ← All bank connections
          </AppLink>
        }
        action={<ConsentStatusBadge status={c.status} />}
      />
      <Card className="mb-6">
        <dl className="grid gap-4 p-5 sm:grid-cols-4">
          {live ? (
            <>
              <div>
                <dt className="text-xs text-slate-500">Validity</dt>
                <dd className="mt-1">
                  <ValidityBar consent={c} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Valid until</dt>
                <dd className="mt-1 text-sm">{c.validUntil ? formatDate(c.validUntil) : "—"}</dd>
              </div>
            </>
          ) : (
            // An ended connection is no longer valid until anything: when it ended is what counts.
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-500">Ended</dt>
              <dd className="mt-1 text-sm">{formatDateTime(c.updatedAt)}</dd>
            </div>
          )}
          <div>
            <dt className="text-xs text-slate-500">Approved</dt>
            <dd className="mt-1 text-sm">{formatDateTime(c.authorizedAt)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Last checked with the bank</dt>
            <dd className="mt-1 text-sm">{formatDateTime(c.lastCheckedAt)}</dd>
          </div>
        </dl>
        {statusNote(c) && <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-600">{statusNote(c)}</p>}
      </Card>
      <Card>
        <CardHeader
          title="Accounts"
          description={
            c.status === "valid"
              ? "What the bank shares under this consent. Tick the ones to track."
              : "Accounts can be read only while the consent is valid."
          }
        />
        <TrackPicker consent={c} />
      </Card>
    </>
  );
}
