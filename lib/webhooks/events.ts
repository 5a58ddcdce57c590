// The events a webhook endpoint can subscribe to: each type's description and the zod schema of its
// message's `data`. The one source for what is written to the outbox (lib/webhooks/outbox.ts parses
// every payload with it before writing), what the OpenAPI document publishes under `webhooks`, and
// what the Settings page offers. No server imports: the browser reads this module too.
//
// Who emits what (in the transaction of the change it reports):
//   transactions.changed, sync.failed  the sync run's moves (lib/sync/run-lifecycle.ts); transactions.changed
//                                      also a statement import's end (lib/statements/import/import-statement.ts)
//   consent.ended                      the consent's moves to expired or revoked (lib/accounttracking/consents/lifecycle.ts)
//   consent.ending                     the worker's tick (lib/webhooks/consent-ending.ts), once per consent and end date
//   account.tracked                    the track-account verb (lib/accounttracking/accounts/track-account.ts)
//   account.tracking_changed           the account's moves (lib/accounttracking/accounts/lifecycle.ts)
//   recurring.late, recurring.amount_changed  recurring detection and its daily tick (lib/recurring/announce.ts),
//                                      once per stream and expected date (late) or last payment (amount)
import { z } from "zod";
import { dateOnly, uuid } from "@/lib/openapi/schemas/common";

const count = z.number().int().min(0);

/** An account's housekeeping state (lib/accounttracking/accounts/lifecycle.ts, whose table lists the moves). */
export const ACCOUNT_TRACKING = z.enum(["tracking", "stopped", "archived"]);

/** The stream both recurring events are about, named the same way in each. */
const RECURRING_STREAM = {
  streamId: uuid,
  accountId: uuid,
  name: z.string().describe("The person's name for the stream, else the counterpart's"),
  direction: z.enum(["in", "out"]),
  currency: z.string().describe("ISO 4217"),
};

export const WEBHOOK_EVENT_SCHEMAS = {
  "transactions.changed": z.object({
    accountId: uuid,
    syncRunId: uuid.nullable().describe("The sync run that changed them; null when a statement import did"),
    statementImportId: uuid
      .nullable()
      .describe("The statement import that changed them (GET …/accounts/{id}/statements/{importId}); null for a sync"),
    added: count.describe("Transactions the change feed lists as added from `cursor` (first stored by this sync)"),
    modified: count.describe(
      "Transactions the change feed lists as modified from `cursor` (changed by this sync, a re-issued id included, or edited meanwhile)",
    ),
    removed: count.describe(
      "Transactions the change feed lists as removed from `cursor` (the bank no longer lists them)",
    ),
    cursor: z
      .string()
      .describe(
        "A change-feed cursor of the account from which the feed lists this sync's changes (GET …/transactions/changes?cursor=…)",
      ),
  }),
  "sync.failed": z.object({
    accountId: uuid,
    syncRunId: uuid,
    message: z.string().nullable().describe("What a person sees: what happened and what to do"),
  }),
  "consent.ending": z.object({
    consentId: uuid,
    daysLeft: z.number().int().describe("Days of access left, counted by the bank's calendar (0: the last day)"),
    validUntil: dateOnly.describe("The last day of access, as the bank states it"),
    bankName: z.string().nullable(),
  }),
  "consent.ended": z.object({
    consentId: uuid,
    status: z.enum(["expired", "revoked"]),
    reason: z.string().nullable().describe("Why, in a person's words"),
    bankName: z.string().nullable(),
  }),
  "account.tracked": z.object({
    accountId: uuid,
    consentId: uuid.nullable().describe("null: an account kept from statement files, without a bank connection"),
    bankName: z.string().nullable(),
    name: z.string().nullable(),
    currency: z.string().describe("ISO 4217"),
  }),
  "account.tracking_changed": z.object({
    accountId: uuid,
    trackingState: ACCOUNT_TRACKING.describe(
      "Where the account stands now: tracking (synced), stopped (no syncs; its transactions stay), archived (a stopped account put away)",
    ),
    previous: ACCOUNT_TRACKING,
    name: z.string().nullable().describe("The person's nickname for the account, else the bank's name"),
    bankName: z.string().nullable(),
  }),
  "recurring.late": z.object({
    ...RECURRING_STREAM,
    expectedDate: dateOnly.describe("The bank day the payment was expected"),
    expectedAmount: z.string().describe("The typical amount, a positive decimal string"),
    lastDate: dateOnly.describe("The bank day of the last payment seen"),
  }),
  "recurring.amount_changed": z.object({
    ...RECURRING_STREAM,
    previousAmount: z.string().describe("The amount paid before, a positive decimal string"),
    amount: z.string().describe("The new amount, a positive decimal string"),
    lastDate: dateOnly.describe("The bank day of the first payment at the new amount seen last"),
  }),
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_SCHEMAS;

export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_SCHEMAS) as [WebhookEventType, ...WebhookEventType[]];

/** One event: its type and its message's data, typed by the type's schema. */
export type WebhookEvent = {
  [T in WebhookEventType]: { type: T; data: z.input<(typeof WEBHOOK_EVENT_SCHEMAS)[T]> };
}[WebhookEventType];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "transactions.changed":
    "A sync changed an account's transactions: accountId, counts of added, modified and removed, and `cursor`, from which the account's change feed lists this sync's changes.",
  "sync.failed": "A sync failed: accountId and the message a person sees.",
  "consent.ending":
    "A consent has 7 days or fewer left: consentId, daysLeft, validUntil. Once per consent and end date.",
  "consent.ended": "A consent expired or was revoked: consentId, status, reason.",
  "account.tracked":
    "An account is now tracked: accountId, consentId (null for one kept from statement files), bank, name, currency.",
  "account.tracking_changed":
    "A person stopped, resumed, archived or restored an account: accountId, trackingState and the previous one. Its transactions are kept in every state.",
  "recurring.late":
    "A recurring payment did not arrive by its expected date plus a grace: streamId, accountId, expectedDate and amount. Once per stream and expected date.",
  "recurring.amount_changed":
    "A recurring payment's fixed amount changed: streamId, the previous and the new amount. Once per stream and payment.",
};

/** The message a receiver gets: Standard Webhooks' `{type, timestamp, data}`. */
export const webhookMessageSchema = <T extends WebhookEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    timestamp: z.string().describe("When the event happened (ISO 8601, UTC)"),
    data: WEBHOOK_EVENT_SCHEMAS[type],
  });
