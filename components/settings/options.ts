import type { Option } from "@/components/ui/field";
import type { AppTokenKind, ExpiryDays, Role } from "@/lib/client/api-client";

export const EXPIRY_OPTIONS: Option[] = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
];

export function parseExpiry(value: string): ExpiryDays | null {
  return value === "never" ? null : (Number(value) as ExpiryDays);
}

export const KIND_OPTIONS: (Option & { value: AppTokenKind; hint: string })[] = [
  { value: "api_key", label: "API key", hint: "For your own server-side integrations." },
  { value: "connector_app", label: "Connector app", hint: "For a third-party app that syncs with this scope." },
  { value: "delegated_agent", label: "Delegated agent", hint: "For an automated agent acting on the scope's behalf." },
];

export const APP_ROLE_OPTIONS: (Option & { value: "member" | "viewer" })[] = [
  { value: "viewer", label: "Viewer — read only" },
  { value: "member", label: "Member — read and write" },
];

export const ROLE_OPTIONS: (Option & { value: Role })[] = [
  { value: "admin", label: "Admin" },
  { value: "member", label: "Member" },
  { value: "viewer", label: "Viewer" },
];
