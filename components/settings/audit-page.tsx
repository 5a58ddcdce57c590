"use client";
// Settings → Audit trail: the scope's changes, newest first, for its admins. Each change is a
// sentence with the names a person knows, its technical fields folded away under "Details"; one
// list at every width, a filter by action and "Load more" for the next page.
import { useState } from "react";
import { AuditEventItem } from "@/components/settings/audit-event";
import { ACTION_LABEL, ACTION_OPTIONS } from "@/components/settings/audit-labels";
import { AdminPage } from "@/components/settings/admin-page";
import { Card, EmptyState } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { ShownAndMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";
import type { AuditAction } from "@/lib/audit/actions";
import { useAuditEvents } from "@/lib/client/audit";

export function AuditPage() {
  return (
    <AdminPage
      title="Audit trail"
      description="Every change a person or a key made in this scope, newest first. Open Details for the record, the fields before and after, and the request. Secrets never appear here and IBANs are hidden."
      loading="Loading the audit trail"
      what="see the audit trail"
    >
      {() => <AuditTrail />}
    </AdminPage>
  );
}

function AuditTrail() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const events = useAuditEvents(action);

  return (
    <Card>
      <div className="border-b border-slate-100 px-5 py-4">
        <SelectField
          label="Action"
          options={ACTION_OPTIONS}
          value={action ?? ""}
          onChange={(e) => setAction((e.target.value || null) as AuditAction | null)}
          className="max-w-sm"
        />
      </div>
      <PagedStates
        query={events}
        rows={5}
        loading="Loading the audit trail"
        empty={
          action ? (
            <EmptyState title={`No “${ACTION_LABEL[action]}” yet`}>
              Nothing of this kind happened in this scope, or it is older than the retention period. Choose “All
              actions” to see everything.
            </EmptyState>
          ) : (
            <EmptyState title="No changes yet">
              Changes to consents, accounts, counterparts, profiles, members and keys appear here as they are made.
            </EmptyState>
          )
        }
      >
        {(items) => (
          <>
            <ol className="divide-y divide-slate-100" aria-label="Audit events, newest first">
              {items.map((e) => (
                <AuditEventItem key={e.id} event={e} />
              ))}
            </ol>
            <ShownAndMore shown={items.length} noun="event" pages={events} />
          </>
        )}
      </PagedStates>
    </Card>
  );
}
