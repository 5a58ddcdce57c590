"use client";
// One notification as a person reads it, in the bell's popover and on the Notifications page: what
// happened (the title), what to do (the body), a link to where to do it, when, and whether it
// cleared. Following the link marks it read; "Mark read" does so without leaving.
import { AppLink } from "@/components/ui/app-link";
import { focusRing, Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { formatDateTime } from "@/components/ui/format";
import { useMarkNotificationRead, type AppNotification } from "@/lib/client/notifications";

const SEVERITY_DOT: Record<AppNotification["severity"], string> = {
  info: "bg-sky-500",
  warning: "bg-amber-500",
  error: "bg-red-600",
};

/** Where the link goes: the notice's own path, else the Notifications page. */
const hrefOf = (n: AppNotification) => n.href ?? "/notifications";

export function NotificationItem({
  notification: n,
  compact = false,
  onFollow,
}: {
  notification: AppNotification;
  /** The popover's form: shorter body, no time. */
  compact?: boolean;
  /** Called when the person follows the link (the popover closes). */
  onFollow?: () => void;
}) {
  const markRead = useMarkNotificationRead();
  const unread = n.readAt === null;
  return (
    <li className={cx("flex gap-3 px-4 py-3", unread ? "bg-indigo-50/40" : "")} data-testid="notification">
      <span
        aria-hidden="true"
        className={cx("mt-1.5 size-2 shrink-0 rounded-full", unread ? SEVERITY_DOT[n.severity] : "bg-slate-300")}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {unread && <span className="sr-only">Unread: </span>}
          <AppLink
            href={hrefOf(n)}
            className={cx("rounded hover:underline", focusRing)}
            onClick={() => {
              if (unread) markRead.mutate(n.id);
              onFollow?.();
            }}
          >
            {n.title}
          </AppLink>
        </p>
        <p className={cx("mt-0.5 text-sm text-slate-600", compact && "line-clamp-2")}>{n.body}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          {!compact && <time dateTime={n.updatedAt}>{formatDateTime(n.updatedAt)}</time>}
          {n.resolvedAt && <Badge tone="green">Resolved {formatDateTime(n.resolvedAt)}</Badge>}
          {unread && (
            <Button
              variant="ghost"
              size="sm"
              pending={markRead.isPending}
              onClick={() => markRead.mutate(n.id)}
              aria-label={`Mark read: ${n.title}`}
            >
              Mark read
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
