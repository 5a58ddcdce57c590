// Request schemas of the data registry. Profile requests are snake_case (as specified); 422
// details use camelCase keys like every other endpoint, so `subset_selection` errors are reported
// under `subsetSelection`.
import { z } from "zod";
import { validationFailed, type ErrorDetails } from "@/lib/errors";
import { pageQuery } from "@/lib/pagination";
import { addDetail, newDetails, zodDetails } from "@/lib/input-guard";
import { PROVIDER_IDS, isProviderId } from "@/lib/datasets/providers";

export const PROFILE_SCOPES = ["global", "entity", "profession"] as const;
export type ProfileScope = (typeof PROFILE_SCOPES)[number];

const snakeToCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function camelDetails(details: ErrorDetails): ErrorDetails {
  // Null-prototype: a body key named `__proto__` or `toString` is reported, not a 500.
  const out = newDetails();
  for (const [key, messages] of Object.entries(details)) {
    for (const message of messages) addDetail(out, key.split(".").map(snakeToCamel).join("."), message);
  }
  return out;
}

function duplicatesOf(values: string[]): string[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
}

const text = (field: string, max: number) =>
  z
    .string({ message: `${field} must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);

const ProfileRequestShape = z.strictObject({
  name: z
    .string({ message: "Give the profile a name." })
    .trim()
    .min(1, "Give the profile a name.")
    .max(200, "A profile name has at most 200 characters."),
  scope: z.enum(PROFILE_SCOPES, { message: "scope is required: one of global, entity, profession" }),
  subset_selection: z
    .array(z.string({ message: "each subset type is a string" }), {
      message: "subset_selection is required: a list of subset types",
    })
    .min(1, "Choose at least one subset type")
    .max(50, "At most 50 subset types")
    .superRefine((values, ctx) => {
      const dup = duplicatesOf(values);
      if (dup.length) ctx.addIssue({ code: "custom", message: `Listed more than once: ${dup.join(", ")}` });
    }),
  provider_priorities: z
    .array(z.string({ message: "each provider is a string" }), {
      message: "provider_priorities must be a list of provider ids",
    })
    .min(
      1,
      `Name at least one provider, or omit provider_priorities for the default order (${PROVIDER_IDS.join(", ")})`,
    )
    .superRefine((values, ctx) => {
      const unknown = values.filter((v) => !isProviderId(v));
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown provider: ${unknown.join(", ")}. Known providers: ${PROVIDER_IDS.join(", ")}`,
        });
      }
      const dup = duplicatesOf(values);
      if (dup.length) ctx.addIssue({ code: "custom", message: `Listed more than once: ${dup.join(", ")}` });
    })
    .optional(),
  is_default: z.boolean({ message: "is_default must be true or false" }).optional(),
  entity_type: z
    .string({ message: "entity_type must be a string" })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, "entity_type is a lower-case identifier such as client")
    .nullish(),
  entity_id: text("entity_id", 200).nullish(),
  profession: text("profession", 100).nullish(),
  sub_profession: text("sub_profession", 100).nullish(),
});

const SCOPE_FIELDS: Record<ProfileScope, { required: string[]; allowed: string[] }> = {
  global: { required: [], allowed: [] },
  entity: { required: ["entity_type", "entity_id"], allowed: ["entity_type", "entity_id"] },
  profession: { required: ["profession"], allowed: ["profession", "sub_profession"] },
};
const TARGET_FIELDS = ["entity_type", "entity_id", "profession", "sub_profession"];

export type ProfileInput = {
  name: string;
  target: ProfileScope;
  entityType: string | null;
  entityId: string | null;
  profession: string | null;
  subProfession: string | null;
  subsetSelection: string[];
  providerPriorities: string[];
  isDefault: boolean;
};

/** Validates a profile request body (POST and PUT); throws 422 with every problem found at once. */
export function parseProfileRequest(raw: unknown): ProfileInput {
  const parsed = ProfileRequestShape.safeParse(raw);
  const details: ErrorDetails = parsed.success ? {} : zodDetails(parsed.error);
  const body: Record<string, unknown> =
    raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const scope = PROFILE_SCOPES.find((s) => s === body.scope);
  if (scope) {
    const rules = SCOPE_FIELDS[scope];
    for (const field of rules.required) {
      if ((body[field] ?? null) === null) (details[field] ??= []).push(`${field} is required with scope ${scope}`);
    }
    for (const field of TARGET_FIELDS) {
      if (!rules.allowed.includes(field) && (body[field] ?? null) !== null) {
        (details[field] ??= []).push(`Not allowed with scope ${scope}; remove it`);
      }
    }
  }
  if (!parsed.success || Object.keys(details).length > 0) throw validationFailed(camelDetails(details));
  const v = parsed.data;
  return {
    name: v.name,
    target: v.scope,
    entityType: v.entity_type ?? null,
    entityId: v.entity_id ?? null,
    profession: v.profession ?? null,
    subProfession: v.sub_profession ?? null,
    subsetSelection: v.subset_selection,
    providerPriorities: v.provider_priorities ?? [...PROVIDER_IDS],
    isDefault: v.is_default ?? false,
  };
}

const booleanQuery = z
  .enum(["true", "false"], { message: "is_default must be true or false" })
  .transform((v) => v === "true");

/** GET /profiles filters: snake_case like the profile fields; perPage/cursor as everywhere. */
export const ListProfilesQuery = pageQuery
  .extend({
    scope: z.enum(PROFILE_SCOPES, { message: "scope must be one of global, entity, profession" }).optional(),
    entity_type: z.string().trim().min(1).max(50).optional(),
    entity_id: z.string().trim().min(1).max(200).optional(),
    profession: z.string().trim().min(1).max(100).optional(),
    sub_profession: z.string().trim().min(1).max(100).optional(),
    is_default: booleanQuery.optional(),
  })
  .strict();
export type ListProfilesFilter = z.infer<typeof ListProfilesQuery>;

export function parseSnake<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(camelDetails(zodDetails(result.error)));
  return result.data;
}

const countryCode = z
  .string({ message: "Choose the company's country (two letters, like BE)." })
  .regex(/^[A-Za-z]{2}$/, "Choose the company's country as two letters (ISO 3166-1 alpha-2, like BE).")
  .transform((v) => v.toUpperCase());

/** GET /profiles/{id}/preview: the country of the company the preview is for. */
export const PreviewQuery = z.strictObject({ country: countryCode });

/** GET /api/companies/v1/search: a name in a country, for candidates to choose from. */
export const CompanySearchQuery = z.strictObject({
  name: z
    .string({ message: "Enter the company's name." })
    .trim()
    .min(2, "Enter at least two characters of the company's name.")
    .max(200, "A company name has at most 200 characters."),
  country: countryCode,
  limit: z.coerce.number().int().min(1).max(25).default(10),
});

export const LookupQuery = z.strictObject({
  country: countryCode
    .optional()
    .describe("Required with number; with lei alone, the LEI record says where the company is registered"),
  number: z
    .string({ message: "Enter the company's registration number." })
    .trim()
    .min(1, "Enter the company's registration number.")
    .max(40, "A registration number has at most 40 characters; check what was pasted.")
    .regex(/^[\p{L}\p{N} .\-/]+$/u, "A registration number has only letters, digits, spaces, dots, dashes and slashes.")
    .optional()
    .describe("The national registration number (SIREN or SIRET, organisation number, company number…)"),
  lei: z
    .string({ message: "An LEI is 20 letters and digits." })
    .trim()
    .max(40, "An LEI has 20 characters; check what was pasted.")
    .optional()
    .describe("Legal Entity Identifier (ISO 17442); alone it is enough"),
  refresh: z
    .enum(["true", "false"], { message: "refresh must be true or false" })
    .transform((v) => v === "true")
    .optional()
    .describe("true: ask the providers even when a kept answer is fresh enough"),
  entityType: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, "entityType is a lower-case identifier such as client")
    .optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  profession: z.string().trim().min(1).max(100).optional(),
  subProfession: z.string().trim().min(1).max(100).optional(),
  profileId: z.uuid("profileId must be a profile id").optional(),
});
export type LookupInput = z.infer<typeof LookupQuery>;

/** The lookup's query, with the pairing rules checked even when other fields are invalid too. */
export function parseLookupQuery(raw: unknown): LookupInput {
  const parsed = LookupQuery.safeParse(raw);
  const details: ErrorDetails = parsed.success ? {} : zodDetails(parsed.error);
  const q: Record<string, unknown> = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  if ((q.entityType === undefined) !== (q.entityId === undefined)) {
    (details[q.entityType === undefined ? "entityType" : "entityId"] ??= []).push(
      "entityType and entityId go together",
    );
  }
  if (q.subProfession !== undefined && q.profession === undefined)
    (details.profession ??= []).push("subProfession needs profession");
  if (q.lei === undefined) {
    if (q.number === undefined) (details.number ??= []).push("Enter the company's registration number (or its LEI).");
    if (q.country === undefined) (details.country ??= []).push("Choose the company's country (two letters, like BE).");
  } else if (q.number !== undefined && q.country === undefined)
    (details.country ??= []).push("Choose the company's country (two letters, like BE).");
  if (!parsed.success || Object.keys(details).length > 0) throw validationFailed(details);
  return parsed.data;
}
