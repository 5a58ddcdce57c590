// Response shapes of identity, scopes, clients and the data registry (mirroring lib/identity/serialize.ts,
// lib/scopes/scopes.ts, lib/clients/clients.ts, lib/datasets/*), plus the profile request body.
import { z } from "zod";
import { CLIENT_TYPES } from "@/lib/clients/schemas";
import { PROFILE_SCOPES } from "@/lib/datasets/schemas";
import { SUBSET_PAYLOADS } from "@/lib/datasets/providers/types";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";

const role = z.enum(["admin", "member", "viewer"]);

const UserSchema = z.object({ id: uuid, email: z.string(), name: z.string(), createdAt: isoDateTime });
export const MeSchema = z.union([
  z.object({ kind: z.literal("user"), user: UserSchema }),
  z.object({
    kind: z.literal("app"),
    appKind: z.enum(["api_key", "connector_app", "delegated_agent"]),
    tokenId: uuid,
    scopeId: uuid,
    role,
    user: z.null(),
  }),
]);

export const ScopeSchema = z.object({
  scopeId: uuid,
  name: z.string(),
  role,
  canManage: z.boolean(),
  createdAt: isoDateTime,
});
export const SignUpResultSchema = z.object({ user: UserSchema, scope: ScopeSchema });
export const MemberSchema = z.object({
  userId: uuid,
  email: z.string(),
  name: z.string(),
  role,
  joinedAt: isoDateTime,
});

export const TokenPairSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.number().int(),
  refreshToken: z.string(),
  refreshExpiresIn: z.number().int(),
});
export const RevokedSchema = z.object({ revoked: z.literal(true) });
export const ResetRequestedSchema = z.object({ requested: z.literal(true) });
export const InviteSchema = z.object({
  id: uuid,
  email: z.string(),
  role: z.enum(["member", "viewer"]),
  expiresAt: isoDateTime,
  /** Shown this once: the secret is in its fragment. */
  link: z.string(),
});

export const TokenRecordSchema = z.object({
  id: uuid,
  name: z.string(),
  kind: z.enum(["personal", "access", "refresh", "api_key", "connector_app", "delegated_agent"]),
  prefix: z.string(),
  role: role.nullable(),
  scopeId: uuid.nullable(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime.nullable(),
  lastUsedAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
});
export const CreatedTokenSchema = TokenRecordSchema.extend({
  token: z.string().describe("The secret; shown only in this response"),
});

export const ClientSchema = z.object({
  id: uuid,
  type: z.enum(CLIENT_TYPES),
  displayName: z.string(),
  countryCode: z.string(),
  registrationNumber: z
    .string()
    .nullable()
    .describe("The national registration number, for a client created from a registry company"),
  lei: z.string().nullable(),
  createdAt: isoDateTime,
});

export const SubsetTypeSchema = z.object({
  id: uuid,
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  datasetId: uuid,
  datasetKey: z.string(),
  providers: z.array(z.string()),
});
export const DatasetSchema = z.object({
  id: uuid,
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subsetTypes: z.array(SubsetTypeSchema),
  createdAt: isoDateTime,
});
export const ProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
  subsetTypes: z.array(z.string()),
  countries: z.array(z.string()).nullable(),
  configured: z.boolean().describe("Has what it needs to be called (a key, a URL); false says offReason names it"),
  offReason: z
    .string()
    .nullable()
    .describe('Why it is off: "COMPANIES_HOUSE_API_KEY is not set", "switched off by configuration"; null when on'),
  rateLimit: z
    .object({ points: z.number().int(), perSeconds: z.number().int() })
    .describe("Its request budget, shared by every instance"),
  health: z
    .object({
      windowHours: z.literal(24),
      served: z.number().int(),
      notFound: z.number().int(),
      failed: z.number().int(),
      rateLimited: z.number().int().describe("Calls it answered 429"),
      lastFailureAt: isoDateTime.nullable(),
      lastFailureReason: z.string().nullable(),
      circuit: z.enum(["closed", "open", "half_open"]),
    })
    .describe("Outcomes of the calls made to it over the last 24 hours, on every instance"),
});

/** What came of asking one provider: served, skipped (and why), not found, or failed (and why). */
const ProviderAttemptSchema = z.object({
  provider: z.string(),
  outcome: z.enum(["served", "skipped", "not_found", "failed"]),
  reason: z.string().nullable(),
});

/** A registered address as every provider's normaliser writes it. */
const AddressSchema = SUBSET_PAYLOADS.information.shape.registeredAddress.unwrap();

export const CompanySearchSchema = z.object({
  candidates: z.array(
    z.object({
      name: z.string(),
      country: z.string(),
      number: z.string().describe("The national registration number, as the lookup takes it"),
      lei: z.string().nullable(),
      legalForm: z.string().nullable(),
      status: z.enum(["active", "inactive", "unknown"]),
      address: AddressSchema.nullable(),
      recordUrl: z.string().nullable(),
      provider: z.string().describe("The register that found it"),
    }),
  ),
  attempts: z.array(ProviderAttemptSchema),
});

export const ProfilePreviewSchema = z.object({
  country: z.string(),
  subsets: z.array(
    z.object({
      subset: z.string(),
      provider: z.string().nullable().describe("The provider that would be asked first; null when none can"),
      skipped: z.array(z.object({ provider: z.string(), reason: z.string() })),
    }),
  ),
});

export const ProfileSchema = z.object({
  id: uuid,
  name: z.string(),
  scope: z.enum(PROFILE_SCOPES),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  profession: z.string().nullable(),
  subProfession: z.string().nullable(),
  subsetSelection: z.array(z.string()),
  providerPriorities: z.array(z.string()),
  isDefault: z.boolean(),
  usageCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const LookupResultSchema = z.object({
  company: z.looseObject({
    country: z.string(),
    number: z.string(),
    lei: z.string().nullable().describe("The LEI given, or learnt from a provider's company information"),
  }),
  profile: ProfileSchema.extend({ matchedBy: z.string() }),
  subsets: z.array(
    z.object({
      subset: z.string(),
      status: z.enum(["served", "unavailable"]),
      provider: z.string().nullable(),
      data: z.unknown(),
      attempts: z.array(ProviderAttemptSchema),
      fetchedAt: isoDateTime.nullable().describe("When the provider answered (a kept answer: when it was fetched)"),
      recordUrl: z.string().nullable().describe("The source's own public page for the record, when it has one"),
      cached: z.boolean().describe("Served from a kept answer within the subset's freshness: no provider was called"),
    }),
  ),
  servedCount: z.number().int(),
});

/**
 * The profile request (POST and PUT /api/datasets/v1/profiles…). The route validates it with
 * parseProfileRequest (lib/datasets/schemas.ts), which adds the cross-field rules stated here.
 */
export const ProfileRequestSchema = z
  .strictObject({
    name: z.string().min(1).max(200),
    scope: z.enum(PROFILE_SCOPES),
    subset_selection: z.array(z.string()).min(1).max(50).describe("Subset type keys; no duplicates"),
    provider_priorities: z
      .array(z.string())
      .min(1)
      .optional()
      .describe("Provider ids; default: every provider in the default order"),
    is_default: z.boolean().optional().describe("Default false; true needs profiles.write_default"),
    entity_type: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,49}$/)
      .nullish()
      .describe("Required with scope entity"),
    entity_id: z.string().min(1).max(200).nullish().describe("Required with scope entity"),
    profession: z.string().min(1).max(100).nullish().describe("Required with scope profession"),
    sub_profession: z.string().min(1).max(100).nullish().describe("Optional with scope profession"),
  })
  .describe("Fields of another scope are rejected (422).");
