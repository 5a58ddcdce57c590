// Response shapes of the rules API (rules on import, their applications and suggestions).
import { z } from "zod";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";
import { Condition } from "@/lib/rules/schemas";

const ActionsSchema = z.object({
  categoryId: uuid.optional(),
  addTags: z.array(z.string()).optional(),
  note: z.string().optional().describe("Written only on a transaction without a note"),
  markTransfer: z.literal(true).optional(),
  bindCounterpartId: uuid.optional(),
});

export const RuleSchema = z.object({
  id: uuid,
  name: z.string(),
  position: z.number().int().describe("Its place in the order: rules run from the lowest; the first category wins"),
  enabled: z.boolean(),
  origin: z.enum(["default", "person", "suggestion"]),
  conditions: z.array(Condition).describe("All must hold"),
  actions: ActionsSchema,
  failedAt: isoDateTime.nullable().describe("When the sync last could not run it (cleared by an edit)"),
  failure: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const RulePreviewSchema = z.object({
  changed: z.number().int().describe("How many of the scope's stored transactions applying it now would change"),
});

export const RuleApplicationSchema = z.object({
  id: uuid,
  ruleId: uuid,
  state: z.enum(["queued", "running", "done", "failed", "undone"]),
  total: z.number().int().describe("The scope's transactions when it was asked for"),
  processed: z.number().int().describe("Transactions looked at so far"),
  changed: z.number().int().describe("Transactions changed so far"),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  undoneAt: isoDateTime.nullable(),
});

export const RuleSuggestionSchema = z.object({
  counterpartId: uuid,
  counterpartName: z.string(),
  categoryId: uuid,
  categoryName: z.string(),
  corrections: z.number().int().describe("Transactions of this counterpart a person filed under this category"),
  wouldChange: z.number().int().describe("Stored transactions the rule would change, made first in the order"),
  rule: z.object({ name: z.string(), conditions: z.array(Condition), actions: ActionsSchema }),
});
