// Response shapes of the in-app notifications (GET …/v1/notifications and its read verbs).
import { z } from "zod";
import { NOTIFICATION_KINDS } from "@/lib/notifications/kinds";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";

export const NotificationSchema = z.object({
  id: uuid,
  kind: z.enum(NOTIFICATION_KINDS),
  severity: z.enum(["info", "warning", "error"]),
  title: z.string().describe("What happened"),
  body: z.string().describe("What to do about it"),
  href: z.string().nullable().describe("Where to do it: a path in the app"),
  subject: z.object({ type: z.string(), id: z.string() }).nullable().describe("The record it is about"),
  forEveryone: z.boolean().describe("Told to every member of the scope (false: to you alone)"),
  createdAt: isoDateTime.describe("When the condition began (again, if it had cleared)"),
  updatedAt: isoDateTime.describe("When it was last told"),
  resolvedAt: isoDateTime.nullable().describe("When the condition cleared (the sync succeeded, access renewed)"),
  readAt: isoDateTime.nullable().describe("When you marked it read; each member has their own"),
});

export const NotificationsMetaSchema = z.object({
  page: z.object({
    perPage: z.number().int(),
    nextCursor: z.string().nullable().describe("Opaque; send it back as `cursor`. `null` on the last page."),
  }),
  unreadCount: z.number().int().describe("How many of the scope's notifications for you are unread (all pages)"),
});

export const ReadAllSchema = z.object({ marked: z.number().int().describe("How many were unread and are read now") });
