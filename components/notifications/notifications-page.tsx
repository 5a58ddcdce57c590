"use client";
// Notifications: what the product told you in this scope, unread first (then the ones you read),
// each newest first with what happened, what to do and a link; mark one read, or all.
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
        <Card>
          <CardHeader title={`Unread${count > 0 ? ` (${count})` : ""}`} />
          <PagedStates
            query={unread}
            rows={3}
            loading="Loading unread notifications"
            empty={
              <EmptyState title="You are up to date">
                Nothing unread. When a sync keeps failing or access to a bank is about to end, it shows here and on the
                bell.
              </EmptyState>
            }
          >
            {(items) => (
              <ul className="divide-y divide-slate-100" aria-label="Unread notifications, newest first">
                {items.map((n) => (
                  <NotificationItem key={n.id} notification={n} />
                ))}
              </ul>
            )}
          </PagedStates>
          <LoadMore pages={unread} />
        </Card>
        <Card>
          <CardHeader title="Read" />
          <PagedStates
            query={read}
            rows={3}
            loading="Loading read notifications"
            empty={<EmptyState title="Nothing read yet">Notifications you mark read move here.</EmptyState>}
          >
            {(items) => (
              <ul className="divide-y divide-slate-100" aria-label="Read notifications, newest first">
                {items.map((n) => (
                  <NotificationItem key={n.id} notification={n} />
                ))}
              </ul>
            )}
          </PagedStates>
          <LoadMore pages={read} />
        </Card>
      </div>
    </>
  );
}
