"use client";
// The bell in the app bar: how many notifications are unread (polled modestly), and a popover with
// the latest few, "Mark all read" and the way to the Notifications page. New ones are announced
// politely (aria-live) without moving focus. The popover is a disclosure: Escape or a click outside
// closes it and focus returns to the bell.
import { AppLink } from "@/components/ui/app-link";
import { useEffect, useId, useRef, useState } from "react";
import { NotificationItem } from "@/components/notifications/notification-item";
import { Button, focusRing } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { useMarkAllNotificationsRead, useNotificationSummary } from "@/lib/client/notifications";

function BellIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
      <path d="M10 2a6 6 0 0 0-6 6v2.6l-1.3 2.6A1 1 0 0 0 3.6 15h12.8a1 1 0 0 0 .9-1.8L16 10.6V8a6 6 0 0 0-6-6Zm0 17a2.5 2.5 0 0 1-2.45-2h4.9A2.5 2.5 0 0 1 10 19Z" />
    </svg>
  );
}

/** "3 unread notifications", for the bell's name and the announcement. */
export const unreadLabel = (n: number) =>
  n === 0 ? "No unread notifications" : `${n} unread notification${n === 1 ? "" : "s"}`;

/** What to announce when the count went up since the last poll (nothing on the first load). */
function useArrivals(unread: number | undefined, latestTitle: string | undefined): string {
  const previous = useRef<number | undefined>(undefined);
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (unread === undefined) return;
    const before = previous.current;
    previous.current = unread;
    if (before !== undefined && unread > before)
      setSaid(`New notification: ${latestTitle ?? ""}. ${unreadLabel(unread)}.`);
  }, [unread, latestTitle]);
  return said;
}

export function NotificationBell() {
  const summary = useNotificationSummary();
  const markAll = useMarkAllNotificationsRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const unread = summary.data?.unreadCount;
  const items = summary.data?.items ?? [];
  const announcement = useArrivals(unread, items[0]?.title);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={cx(
          "relative flex size-10 items-center justify-center rounded-full text-slate-200 hover:bg-slate-800 hover:text-white",
          focusRing,
        )}
        aria-expanded={open}
        aria-controls={panelId}
        // Until the first answer, it claims no count: "no unread" would be a guess.
        aria-label={unread === undefined ? "Notifications" : `Notifications: ${unreadLabel(unread)}`}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon />
        {unread !== undefined && unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {open && (
        <div
          ref={panel}
          id={panelId}
          tabIndex={-1}
          role="region"
          aria-label="Latest notifications"
          className="absolute right-0 z-40 mt-2 w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            {unread !== undefined && unread > 0 && (
              <Button variant="ghost" size="sm" pending={markAll.isPending} onClick={() => markAll.mutate(undefined)}>
                Mark all read
              </Button>
            )}
          </div>
          {summary.isError ? (
            <p className="px-4 py-6 text-sm text-red-700">Notifications could not be loaded. Try again shortly.</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">
              {summary.isPending
                ? "Loading…"
                : "Nothing to tell you. A failing sync or access about to end shows here."}
            </p>
          ) : (
            <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <NotificationItem key={n.id} notification={n} compact onFollow={() => close(false)} />
              ))}
            </ul>
          )}
          <div className="border-t border-slate-100 px-4 py-2 text-right">
            <AppLink
              href="/notifications"
              onClick={() => close(false)}
              className={cx("rounded text-sm font-medium text-indigo-700 hover:underline", focusRing)}
            >
              See all notifications
            </AppLink>
          </div>
        </div>
      )}
    </div>
  );
}
