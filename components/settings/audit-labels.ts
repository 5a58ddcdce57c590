// Words for the audit trail's stable names (lib/audit/actions.ts): what happened, to what, through what.
import type { AuditAction, AuditActorKind, AuditRecordType } from "@/lib/audit/actions";
import type { Option } from "@/components/ui/field";

export const ACTION_LABEL: Record<AuditAction, string> = {
  "consent.created": "Consent created",
  "consent.renewed": "Consent renewal started",
  "consent.revoked": "Consent revoked",
  "account.tracked": "Account tracked",
  "account.auto_updates_changed": "Automatic updates changed",
  "account.nickname_changed": "Account renamed",
  "account.tracking_changed": "Account stopped, resumed, archived or restored",
  "account.hidden_changed": "Account hidden or shown",
  "counterpart.alias_changed": "Counterpart alias changed",
  "counterpart.merged": "Counterparts consolidated",
  "counterpart.merge_undone": "Consolidation undone",
  "counterpart.entity_bound": "Counterpart bound to an entity",
  "counterpart.entity_unbound": "Counterpart unbound from its entity",
  "counterpart.parent_set": "Counterpart parent set",
  "counterpart.parent_unlinked": "Counterpart unlinked from its parent",
  "transaction.counterpart_bound": "Transaction bound to a counterpart",
  "transaction.counterpart_unbound": "Transaction binding removed",
  "transaction.transfer_marked": "Transfer mark set",
  "transaction.transfer_cleared": "Transfer mark cleared",
  "transaction.reissue_undone": "Re-issue pairing undone",
  "transaction.note_changed": "Transaction note or tags changed",
  "dataset_profile.created": "Dataset profile created",
  "dataset_profile.updated": "Dataset profile updated",
  "dataset_profile.made_default": "Dataset profile made default",
  "dataset_profile.deleted": "Dataset profile deleted",
  "member.added": "Member added",
  "member.role_changed": "Member role changed",
  "member.removed": "Member removed",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "personal_token.created": "Personal token created",
  "personal_token.revoked": "Personal token revoked",
  "client.created": "Client created",
  "webhook_endpoint.created": "Webhook endpoint created",
  "webhook_endpoint.updated": "Webhook endpoint changed",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "webhook_endpoint.secret_rotated": "Webhook signing secret rotated",
  "webhook_endpoint.delivery_replayed": "Webhook message sent again",
  "rule.created": "Rule created",
  "rule.updated": "Rule changed",
  "rule.deleted": "Rule deleted",
  "rule.reordered": "Rules reordered",
  "rule.applied": "Rule applied to existing transactions",
  "rule.application_undone": "Rule application undone",
};

/** The filter's choices: every action, in the order of the vocabulary, after "all". */
export const ACTION_OPTIONS: Option[] = [
  { value: "", label: "All actions" },
  ...Object.entries(ACTION_LABEL).map(([value, label]) => ({ value, label })),
];

export const RECORD_LABEL: Record<AuditRecordType, string> = {
  consent: "Consent",
  account: "Account",
  counterpart: "Counterpart",
  consolidation: "Consolidation",
  transaction: "Transaction",
  dataset_profile: "Dataset profile",
  member: "Member",
  api_key: "API key",
  personal_token: "Personal token",
  client: "Client",
  webhook_endpoint: "Webhook endpoint",
  rule: "Rule",
  rule_application: "Rule application",
};

export const ACTOR_KIND_LABEL: Record<AuditActorKind, string> = {
  session: "signed in",
  personal_token: "personal token",
  access_token: "access token",
  api_key: "API key",
  connector_app: "connector app",
  delegated_agent: "delegated agent",
  system: "automatic",
};
