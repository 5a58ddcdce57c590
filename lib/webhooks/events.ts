// The events a webhook endpoint can subscribe to, and the message each becomes. No server imports in
// the list (the browser's Settings page reads it); the message is built by the deliverer.
export const WEBHOOK_EVENTS = [
  "transactions.changed",
  "sync.failed",
  "consent.ending",
  "consent.ended",
  "account.tracked",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "transactions.changed":
    "A sync changed an account's transactions: accountId, counts of added, modified and removed, and `cursor`, from which the account's change feed lists this sync's changes.",
  "sync.failed": "A sync failed: accountId and the message a person sees.",
  "consent.ending":
    "A consent has 7 days or fewer left: consentId, daysLeft, validUntil. Once per consent and end date.",
  "consent.ended": "A consent expired or was revoked: consentId, status, reason.",
  "account.tracked": "An account is now tracked: accountId, consentId, bank, name, currency.",
};
