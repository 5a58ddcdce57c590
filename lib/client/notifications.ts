"use client";
// The member's notifications through the typed client: the bell's summary (the latest few and the
// unread count, polled modestly), the paged list of the Notifications page, and marking read.
import type { z } from "zod";
import type { ApiClient, PageMeta } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { NotificationSchema, NotificationsMetaSchema } from "@/lib/openapi/schemas/notifications";

export type AppNotification = z.output<typeof NotificationSchema>;
type ListMeta = PageMeta & z.output<typeof NotificationsMetaSchema>;

/** How often the bell asks: a minute keeps a failing sync or an ending access timely at little cost. */
export const BELL_POLL_MS = 60_000;
const BELL_LATEST = 5;
const PER_PAGE = 25;
const BASE = "/api/accounttracking/v1/notifications";

function notificationsApi(client: ApiClient) {
  const list = async (query: { perPage: number; cursor?: string | null; read?: boolean }) => {
    const { data, meta } = await client.request<AppNotification[], ListMeta>("GET", BASE, {
      scoped: true,
      query: {
        perPage: query.perPage,
        cursor: query.cursor,
        "filter[read]": query.read === undefined ? undefined : String(query.read),
      },
    });
    return { items: data, nextCursor: meta.page.nextCursor, unreadCount: meta.unreadCount };
  };
  return {
    list,
    markRead: (id: string) => client.scoped.send<undefined>("POST", `${BASE}/${encodeURIComponent(id)}/read`),
    markAllRead: () => client.scoped.send<{ marked: number }>("POST", `${BASE}/read-all`),
  };
}

const notificationKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "notifications"),
  summary: (scopeId: string | null) => [...notificationKeys.all(scopeId), "summary"] as const,
  list: (scopeId: string | null, read: boolean) => [...notificationKeys.all(scopeId), "list", read] as const,
};

const notifications = domainHooks(notificationsApi);

/** The bell: the latest few and how many are unread, polled every BELL_POLL_MS. */
export const useNotificationSummary = () =>
  notifications.useQuery({
    key: notificationKeys.summary,
    fetch: (api) => api.list({ perPage: BELL_LATEST }),
    refetchInterval: BELL_POLL_MS,
  });

/** The Notifications page's two lists: unread (false) and read (true), newest first. */
export const useNotificationPages = (read: boolean) =>
  notifications.usePages({
    key: (scopeId) => notificationKeys.list(scopeId, read),
    fetchPage: (api, cursor) => api.list({ perPage: PER_PAGE, cursor, read }),
  });

export const useMarkNotificationRead = () =>
  notifications.useChange(
    (api, id: string) => api.markRead(id),
    (scopeId) => [notificationKeys.all(scopeId)],
  );

export const useMarkAllNotificationsRead = () =>
  notifications.useChange(
    (api) => api.markAllRead(),
    (scopeId) => [notificationKeys.all(scopeId)],
  );
