// Request bodies and queries of the categories' routes (lib/openapi documents them from here).
import { z } from "zod";

const categoryId = (field: string) =>
  z.uuid({ message: `${field} must be a category id (a UUID)` }).describe("A category of this scope");

const name = z
  .string({ message: "name must be text" })
  .trim()
  .min(1, "name must not be empty")
  .max(80, "name must be at most 80 characters");

/** A transaction's or a counterpart's category: an id, or null (none, on purpose). */
export const SetCategoryBody = z.strictObject({
  categoryId: categoryId("categoryId")
    .nullable()
    .describe("The category; null clears it (a person's clearing is kept: nothing refills it)"),
});

export const CreateCategoryBody = z.strictObject({
  name,
  parentId: categoryId("parentId").nullable().optional().describe("Under this category (one level deep)"),
});

export const UpdateCategoryBody = z
  .strictObject({
    name: name.optional(),
    parentId: categoryId("parentId")
      .nullable()
      .optional()
      .describe("Move under this category (a top-level one), or null to the top level"),
    archived: z
      .boolean({ message: "archived must be true or false" })
      .optional()
      .describe("true archives (no longer offered for new rows; rows keep it), false restores"),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Give at least one of name, parentId, archived" });

export const MergeCategoryBody = z.strictObject({
  into: categoryId("into").describe("The category that takes this one's transactions and counterpart defaults"),
});

export const CategoriesQuery = z.object({
  counts: z
    .enum(["true", "false"], { message: "counts must be true or false" })
    .optional()
    .transform((v) => v === "true")
    .describe("true adds each category's number of transactions (reads the rows: slower on large scopes)"),
});
