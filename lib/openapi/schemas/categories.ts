// Response shapes of the categories' routes (mirroring lib/categories/list.ts and the verbs' answers).
import { z } from "zod";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";

export const CategorySchema = z.object({
  id: uuid,
  key: z
    .string()
    .nullable()
    .describe("The stable name of a default category (income, rent, software, …); null for one an admin made"),
  name: z.string().describe("The name people see; admins rename it"),
  parentId: uuid.nullable().describe("The top-level category it is under; null for a top-level one (one level deep)"),
  position: z.number().int().describe("Its place among its siblings"),
  archived: z.boolean().describe("No longer offered for new choices; rows that have it keep it"),
  archivedAt: isoDateTime.nullable(),
  mergedIntoId: uuid.nullable().describe("The category it was merged into (its rows went there); null if not merged"),
  transactionCount: z.number().int().optional().describe("Its live transactions (with counts=true only)"),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const CategoryMergeSchema = z.object({
  category: CategorySchema.describe("The merged category, now pointing at the target"),
  into: CategorySchema,
  transactionsMoved: z.number().int().describe("Transactions moved to the target"),
  counterpartsMoved: z.number().int().describe("Counterparts whose default category moved to the target"),
});

export const CounterpartDefaultCategorySchema = z.object({
  counterpartId: uuid,
  defaultCategoryId: uuid.nullable(),
  transactionsChanged: z
    .number()
    .int()
    .describe("Its transactions whose category changed with the default (no person's or rule's category is touched)"),
});
