// Request schemas for the counterpart endpoints (camelCase both ways).
import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { countryCode } from "@/lib/clients/schemas";

const uuid = z.uuid({ message: "Must be a UUID" });

export const COUNTERPART_SORTS = ["name", "count", "sumIn", "sumOut", "lastDate"] as const;
export type CounterpartSort = (typeof COUNTERPART_SORTS)[number];

export const CounterpartsQuery = pageQuery.extend({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
  sort: z
    .enum(COUNTERPART_SORTS, { message: `sort must be one of ${COUNTERPART_SORTS.join(", ")}` })
    .default("sumOut")
    .describe("sumIn and sumOut sort by the amounts in the account's currency; count and lastDate span all"),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).default("desc"),
});

export const SCOPE_COUNTERPART_SORTS = ["count", "lastDate", "name"] as const;
export type ScopeCounterpartSort = (typeof SCOPE_COUNTERPART_SORTS)[number];

/** The scope's counterparts: money sorts are left out, as the scope's accounts may differ in currency. */
export const ScopeCounterpartsQuery = pageQuery.extend({
  q: CounterpartsQuery.shape.q,
  sort: z
    .enum(SCOPE_COUNTERPART_SORTS, { message: `sort must be one of ${SCOPE_COUNTERPART_SORTS.join(", ")}` })
    .default("count")
    .describe("count (transactions, the most active first by default), lastDate or name"),
  order: CounterpartsQuery.shape.order,
  "filter[accountId]": uuid.optional().describe("Only this account's dealings; another scope's account lists nothing"),
});

export const AccountFilterQuery = z.object({ "filter[accountId]": uuid.optional() });

export const CounterpartTransactionsQuery = pageQuery.extend({ "filter[accountId]": uuid.optional() });

export const AliasBody = z.strictObject({
  alias: z
    .string()
    .trim()
    .min(1, "alias must not be empty; send null to clear it")
    .max(120, "alias must be at most 120 characters")
    .nullable(),
});

export const ConsolidateBody = z.strictObject({
  targetId: uuid,
  memberIds: z
    .array(uuid)
    .min(1, "Name at least one counterpart to consolidate")
    .max(100, "At most 100 counterparts at once"),
});

export const EntityBody = z.strictObject({
  entityType: z.string().regex(/^[a-z][a-z0-9_.-]{0,39}$/, "entityType is a lower-case word such as client"),
  entityId: z.string().trim().min(1, "entityId is required").max(200, "entityId must be at most 200 characters"),
});

export const ParentBody = z.strictObject({ parentId: uuid });

export const BindTransactionBody = z.strictObject({ counterpartId: uuid });

/** `filter[id]`: up to 200 counterpart ids, comma-separated (duplicates are ignored). */
export const CounterpartNamesQuery = z.object({
  "filter[id]": z
    .string({ message: "filter[id] is required: counterpart ids, comma-separated" })
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ message: "Each id must be a UUID" }))
        .min(1, "filter[id] needs at least one counterpart id")
        .max(200, "At most 200 counterpart ids at once"),
    ),
});

const companyName = z
  .string({ message: "Enter the company's name." })
  .trim()
  .min(2, "Enter at least two characters of the company's name.")
  .max(200, "A company name has at most 200 characters.");

/** "Who is this?": the counterpart's display name and its IBAN's country unless the caller says otherwise. */
export const CompanyCandidatesQuery = z.strictObject({
  name: companyName.optional(),
  country: countryCode.optional(),
});

/** The registry company a counterpart is bound to, as a candidate named it. */
export const CompanyBody = z.strictObject({
  country: countryCode,
  number: z
    .string({ message: "Enter the company's registration number." })
    .trim()
    .min(1, "Enter the company's registration number.")
    .max(40, "A registration number has at most 40 characters."),
  lei: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{18}[0-9]{2}$/, "An LEI is 20 characters: 18 letters or digits, then two check digits.")
    .nullish(),
  name: companyName,
});
