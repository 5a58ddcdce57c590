// The recurring payments API's shapes (camelCase both ways): the list's filters, a person's word on
// a stream, and a stream as answered. No server imports: the browser reads the stream's type too.
import { z } from "zod";
import { dateOnly, isoDateTime, uuid } from "@/lib/openapi/schemas/common";

export const RECURRING_STATUSES = ["active", "late", "ended", "amount_changed"] as const;
export const RECURRING_PERIODS = ["weekly", "biweekly", "monthly", "quarterly", "yearly"] as const;

export const RecurringQuery = z.object({
  "filter[accountId]": z.uuid({ message: "Must be a UUID" }).optional().describe("Only this account's streams"),
  "filter[status]": z
    .enum(RECURRING_STATUSES, { message: `filter[status] must be one of ${RECURRING_STATUSES.join(", ")}` })
    .optional(),
  "filter[dismissed]": z
    .enum(["true", "false", "any"], { message: "filter[dismissed] must be true, false or any" })
    .default("false")
    .describe("Dismissed streams are left out unless asked for"),
});

export const RecurringPatchBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, "name must not be empty; send null to clear it")
      .max(120, "name must be at most 120 characters")
      .nullable()
      .optional(),
    confirmed: z.boolean({ message: "confirmed must be true or false" }).optional(),
    dismissed: z.boolean({ message: "dismissed must be true or false" }).optional(),
  })
  .refine((b) => b.name !== undefined || b.confirmed !== undefined || b.dismissed !== undefined, {
    message: "Send at least one of name, confirmed, dismissed",
  });

const money = z.string().describe("A positive decimal string, in the stream's currency");

export const RecurringStreamSchema = z.object({
  id: uuid,
  accountId: uuid,
  counterpartId: uuid.nullable(),
  name: z.string().describe("The person's name for the stream, else the counterpart's"),
  counterpartName: z.string().describe("The counterpart's name when detected"),
  customName: z.string().nullable().describe("The person's own name, if given"),
  direction: z.enum(["in", "out"]),
  currency: z.string().describe("ISO 4217"),
  period: z.enum(RECURRING_PERIODS),
  typicalAmount: money,
  spread: money.describe("The largest amount at the typical level minus the smallest"),
  firstDate: dateOnly,
  lastDate: dateOnly,
  lastAmount: money,
  nextExpectedDate: dateOnly.nullable(),
  nextExpectedAmount: money.nullable(),
  occurrences: z.number().int(),
  status: z.enum(RECURRING_STATUSES),
  confirmedAt: isoDateTime.nullable(),
  dismissedAt: isoDateTime.nullable(),
  updatedAt: isoDateTime,
});

export const RecurringStreamDetailSchema = RecurringStreamSchema.extend({
  history: z
    .array(z.object({ date: dateOnly, amount: money, transactionId: uuid }))
    .describe("The latest payments (up to 24), oldest first"),
});

export type RecurringStream = z.infer<typeof RecurringStreamSchema>;
export type RecurringStreamDetail = z.infer<typeof RecurringStreamDetailSchema>;
