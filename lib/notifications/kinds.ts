// The kinds of notification, one per condition the product tells a person about. No server imports:
// the API's schemas and the browser read them too.
export const NOTIFICATION_KINDS = ["sync.failing", "consent.ending", "recurring.late", "rule.failed"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
