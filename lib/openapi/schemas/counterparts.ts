// Response shapes of the counterpart endpoints (mirroring lib/counterparts/find.ts, list.ts, detail.ts,
// family.ts, consolidate.ts and transactions.ts).
import { z } from "zod";
import { dateOnly, isoDateTime, uuid } from "@/lib/openapi/schemas/common";
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { CompanySearchSchema } from "@/lib/openapi/schemas/platform";

export const TotalsSchema = z.object({
  count: z.number().int(),
  sumIn: z.string().describe("Decimal string, in the currency given beside it"),
  sumOut: z.string().describe("Decimal string, in the currency given beside it"),
  lastDate: dateOnly.nullable(),
});

export const CurrencyTotalsSchema = TotalsSchema.extend({
  currency: z.string().describe("ISO 4217; sums are in this currency only"),
});

const EntitySchema = z.object({ entityType: z.string(), entityId: z.string() }).nullable();

export const BoundCompanySchema = z
  .object({
    clientId: uuid,
    name: z.string(),
    country: z.string(),
    number: z.string().describe("The national registration number, in the country's own spelling"),
    lei: z.string().nullable(),
  })
  .nullable()
  .describe("The registry company the counterpart is bound to (PUT …/company); null when none");

export const CompanyCandidatesSchema = CompanySearchSchema.extend({
  name: z.string().describe("The name searched for"),
  country: z.string().nullable().describe("The country searched in; null when none was given or known"),
});

export const CounterpartSchema = z.object({
  id: uuid,
  name: z.string(),
  alias: z.string().nullable(),
  displayName: z.string(),
  mergedIntoId: uuid.nullable(),
  consolidationId: uuid.nullable(),
  parentId: uuid.nullable(),
  entity: EntitySchema,
  defaultCategoryId: uuid
    .nullable()
    .describe("The category its transactions take when no person and no rule chose one (PUT …/default-category)"),
  totals: TotalsSchema.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const CounterpartNameSchema = z.object({
  id: uuid,
  rootId: uuid,
  displayName: z.string(),
});

export const CounterpartListItemSchema = CounterpartSchema.pick({
  id: true,
  name: true,
  alias: true,
  displayName: true,
  parentId: true,
  entity: true,
}).extend({
  consolidatedCount: z.number().int(),
  accountCount: z
    .number()
    .int()
    .describe("How many of the scope's accounts deal with this counterpart: an alias shows on all of them"),
  currency: z.string().describe("The account's currency (ISO 4217)"),
  totals: TotalsSchema.optional().describe(
    "In `currency`; present only when all the counterpart's transactions on the account are in that currency, otherwise read totalsByCurrency",
  ),
  totalsByCurrency: z.array(CurrencyTotalsSchema).describe("Totals per currency, never added across currencies"),
});

export const ScopeCounterpartItemSchema = CounterpartListItemSchema.omit({ currency: true, totals: true }).extend({
  totalsByCurrency: z
    .array(CurrencyTotalsSchema)
    .describe("Totals per currency over the scope's accounts (or the filtered one), never added across currencies"),
});

export const CounterpartDetailSchema = CounterpartSchema.extend({
  accountCount: CounterpartListItemSchema.shape.accountCount,
  totals: TotalsSchema.optional().describe(
    "Present only when all the counterpart's transactions (in the filter) share one currency; otherwise read totalsByCurrency",
  ),
  totalsByCurrency: z.array(CurrencyTotalsSchema).describe("Totals per currency, never added across currencies"),
  members: z.array(CounterpartSchema),
  keys: z.array(z.object({ kind: z.string(), value: z.string(), counterpartId: uuid })),
  bankNames: z.array(z.object({ name: z.string(), count: z.number().int() })),
  company: BoundCompanySchema,
  monthly: z
    .array(
      z.object({
        month: z.string(),
        currency: z.string(),
        count: z.number().int(),
        sumIn: z.string(),
        sumOut: z.string(),
      }),
    )
    .describe("Per month and currency"),
});

type FamilyNode = {
  id: string;
  name: string;
  alias: string | null;
  displayName: string;
  parentId: string | null;
  totals?: z.infer<typeof TotalsSchema>;
  rolledUp?: z.infer<typeof TotalsSchema>;
  totalsByCurrency: z.infer<typeof CurrencyTotalsSchema>[];
  rolledUpByCurrency: z.infer<typeof CurrencyTotalsSchema>[];
  children: FamilyNode[];
};
export const FamilyNodeSchema: z.ZodType<FamilyNode> = z.object({
  id: uuid,
  name: z.string(),
  alias: z.string().nullable(),
  displayName: z.string(),
  parentId: uuid.nullable(),
  totals: TotalsSchema.optional().describe(
    "Present only when the family's transactions (in the filter) share one currency",
  ),
  rolledUp: TotalsSchema.optional().describe("Itself plus all descendants; present only with one currency"),
  totalsByCurrency: z.array(CurrencyTotalsSchema).describe("Its own totals per currency"),
  rolledUpByCurrency: z.array(CurrencyTotalsSchema).describe("Itself plus all descendants, per currency"),
  get children() {
    return z.array(FamilyNodeSchema);
  },
});

export const ConsolidationSchema = z.object({
  id: uuid,
  targetId: uuid,
  memberIds: z.array(uuid),
  createdAt: isoDateTime,
  undoneAt: isoDateTime.nullable(),
});

export const CounterpartTransactionSchema = TransactionSchema.extend({
  accountId: uuid,
  counterpartId: uuid.nullable().describe("Effective: the bound counterpart, else the derived one"),
  derivedCounterpartId: uuid.nullable(),
  isBound: z.boolean(),
});
