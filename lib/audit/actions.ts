// The audit trail's vocabulary: every action a row can name, as a stable dotted name
// (`<record>.<what happened>`), and the record types. Clients filter on these names and the Settings
// page labels them, so a name, once shipped, is never renamed; new ones are added. No server imports:
// the browser reads this list too.
export const AUDIT_ACTIONS = [
  "consent.created",
  "consent.renewed",
  "consent.revoked",
  "account.tracked",
  "account.auto_updates_changed",
  "account.nickname_changed",
  "account.tracking_changed",
  "account.hidden_changed",
  "counterpart.alias_changed",
  "counterpart.merged",
  "counterpart.merge_undone",
  "counterpart.entity_bound",
  "counterpart.entity_unbound",
  "counterpart.parent_set",
  "counterpart.parent_unlinked",
  "transaction.counterpart_bound",
  "transaction.counterpart_unbound",
  "transaction.transfer_marked",
  "transaction.transfer_cleared",
  "transaction.reissue_undone",
  "transaction.note_changed",
  "dataset_profile.created",
  "dataset_profile.updated",
  "dataset_profile.made_default",
  "dataset_profile.deleted",
  "member.added",
  "member.role_changed",
  "member.removed",
  "api_key.created",
  "api_key.revoked",
  "personal_token.created",
  "personal_token.revoked",
  "client.created",
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.delivery_replayed",
  "rule.created",
  "rule.updated",
  "rule.deleted",
  "rule.reordered",
  "rule.applied",
  "rule.application_undone",
  "category.created",
  "category.renamed",
  "category.moved",
  "category.merged",
  "category.archived",
  "category.restored",
  "transaction.category_changed",
  "counterpart.default_category_changed",
  "recurring.confirmed",
  "recurring.renamed",
  "recurring.dismissed",
  "recurring.restored",
  "account.month_reconciled",
  "account.month_reopened",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_TYPES = [
  "consent",
  "account",
  "counterpart",
  "consolidation",
  "transaction",
  "dataset_profile",
  "member",
  "api_key",
  "personal_token",
  "client",
  "webhook_endpoint",
  "rule",
  "rule_application",
  "category",
  "recurring_stream",
] as const;

export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** How the change reached us: a person's browser session or token, an App token, or our own repair tick. */
export const AUDIT_ACTOR_KINDS = [
  "session",
  "personal_token",
  "access_token",
  "api_key",
  "connector_app",
  "delegated_agent",
  "system",
] as const;

export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
