// Roles map to capabilities. A route asks for a capability; the scope's role for the caller
// decides. App tokens carry a fixed role (member or viewer) in the one scope they are bound to.
import type { Role } from "@/lib/generated/prisma/enums";

export const CAPABILITIES = [
  "scope.read",
  "clients.read",
  "clients.write",
  "accounts.read",
  "accounts.setup",
  "accounts.sync",
  "counterparts.write",
  "datasets.read",
  "profiles.write",
  "profiles.write_default",
  "lookup.run",
  "members.manage",
  "tokens.manage",
  "audit.read",
  "webhooks.manage",
  "categories.manage",
] as const;

export type Capability = (typeof CAPABILITIES)[number];

const VIEWER: readonly Capability[] = ["scope.read", "clients.read", "accounts.read", "datasets.read"];
const MEMBER: readonly Capability[] = [
  ...VIEWER,
  "clients.write",
  "accounts.setup",
  "accounts.sync",
  "counterparts.write",
  "profiles.write",
  "lookup.run",
];
const ADMIN: readonly Capability[] = [
  ...MEMBER,
  "profiles.write_default",
  "members.manage",
  "tokens.manage",
  "audit.read",
  "webhooks.manage",
  "categories.manage",
];

const ROLE_CAPABILITIES: Record<Role, ReadonlySet<Capability>> = {
  viewer: new Set(VIEWER),
  member: new Set(MEMBER),
  admin: new Set(ADMIN),
};

export const ROLES = ["admin", "member", "viewer"] as const satisfies readonly Role[];

export function hasCapability(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].has(capability);
}
