"use client";
// Notifications: what the product told you in this scope, unread first (then the ones you read),
// each newest first with what happened, what to do and a link; mark one read, or all.
import type { ReactNode } from "react";
import { NotificationItem } from "@/components/notifications/notification-item";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { LoadMore } from "@/components/ui/load-more";
import { PagedStates } from "@/components/ui/query-states";
import { useMarkAllNotificationsRead, useNotificationPages, useNotificationSummary } from "@/lib/client/notifications";

export function NotificationsPage() {
  const unread = useNotificationPages(false);
  const read = useNotificationPages(true);
  const summary = useNotificationSummary();
  const markAll = useMarkAllNotificationsRead();
  const count = summary.data?.unreadCount ?? 0;
  return (
    <>
      <PageHeader
        title="Notifications"
        description="A sync that keeps failing, bank access about to end, a payment that is late, a rule that failed: each says what to do, with a link."
        action={
          count > 0 ? (
            <Button variant="secondary" pending={markAll.isPending} onClick={() => markAll.mutate(undefined)}>
              Mark all read
            </Button>
          ) : undefined
        }
      />
      <div className="space-y-6">
        <NotificationSection
          title={`Unread${count > 0 ? ` (${count})` : ""}`}
          pages={unread}
          label="Unread notifications, newest first"
          empty={
            <EmptyState title="You are up to date">
              Nothing unread. When a sync keeps failing or access to a bank is about to end, it shows here and on the
              bell.
            </EmptyState>
          }
        />
        <NotificationSection
          title="Read"
          pages={read}
          label="Read notifications, newest first"
          empty={<EmptyState title="Nothing read yet">Notifications you mark read move here.</EmptyState>}
        />
      </div>
    </>
  );
}

function NotificationSection({
  title,
  pages,
  label,
  empty,
}: {
  title: string;
  pages: ReturnType<typeof useNotificationPages>;
  label: string;
  empty: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} />
      <PagedStates query={pages} rows={3} loading={`Loading ${label.split(",")[0].toLowerCase()}`} empty={empty}>
        {(items) => (
          <ul className="divide-y divide-slate-100" aria-label={label}>
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </ul>
        )}
      </PagedStates>
      <LoadMore pages={pages} />
    </Card>
  );
}
