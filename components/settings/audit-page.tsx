"use client";
// Settings → Audit trail: the scope's changes, newest first, for its admins. A table on wide
// screens, a list of cards on phones (the same events, one layout shown at a time), a filter by
// action and "Load more" for the next page.
import { useState } from "react";
import { Change, RecordRef, Who } from "@/components/settings/audit-event";
import { ACTION_LABEL, ACTION_OPTIONS } from "@/components/settings/audit-labels";
import { AdminPage } from "@/components/settings/admin-page";
import { Card, EmptyState } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { ShownAndMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";
import { Table, Td } from "@/components/ui/table";
import type { AuditAction } from "@/lib/audit/actions";
import { useAuditEvents, type AuditEvent } from "@/lib/client/audit";

export function AuditPage() {
  return (
    <AdminPage
      title="Audit trail"
      description="Every change a person or a key made in this scope: who, when, to what, and what changed. Secrets never appear here and IBANs are hidden."
      loading="Loading the audit trail"
      what="see the audit trail"
    >
      {(scope) => <AuditTrail key={scope.scopeId} />}
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
            <div className="hidden md:block">
              <EventTable events={items} />
            </div>
            <ol className="divide-y divide-slate-100 md:hidden" aria-label="Audit events">
              {items.map((e) => (
                <li key={e.id} className="space-y-2 px-5 py-4 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium text-slate-900">{ACTION_LABEL[e.action]}</span>
                    <time dateTime={e.occurredAt} className="text-xs text-slate-500">
                      {formatDateTime(e.occurredAt)}
                    </time>
                  </div>
                  <div className="flex flex-wrap justify-between gap-3">
                    <Who actor={e.actor} />
                    <RecordRef record={e.record} />
                  </div>
                  <Change before={e.before} after={e.after} />
                </li>
              ))}
            </ol>
            <ShownAndMore shown={items.length} noun="event" pages={events} />
          </>
        )}
      </PagedStates>
    </Card>
  );
}

function EventTable({ events }: { events: AuditEvent[] }) {
  return (
    <Table caption="Audit events, newest first" head={["When", "Who", "What", "Record", "Before → after"]}>
      {events.map((e) => (
        <tr key={e.id} className="align-top">
          <Td>
            <time dateTime={e.occurredAt}>{formatDateTime(e.occurredAt)}</time>
          </Td>
          <Td>
            <Who actor={e.actor} />
          </Td>
          <Td className="font-medium text-slate-900">{ACTION_LABEL[e.action]}</Td>
          <Td>
            <RecordRef record={e.record} />
          </Td>
          <Td className="max-w-md whitespace-normal">
            <Change before={e.before} after={e.after} />
          </Td>
        </tr>
      ))}
    </Table>
  );
}
