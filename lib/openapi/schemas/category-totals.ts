// Response shape of GET …/v1/transactions/category-totals: money per month, category and currency.
import { z } from "zod";
import { uuid } from "@/lib/openapi/schemas/common";

const decimal = z.string();

const figures = {
  count: z.number().int(),
  inflow: decimal.describe("Money in (≥ 0), a decimal string"),
  outflow: decimal.describe("Money out (≥ 0), a decimal string"),
  net: decimal.describe("inflow − outflow"),
};

export const CategoryTotalsSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(["month"]),
  months: z.array(z.string()).describe("Every month of the period (YYYY-MM), empty ones too"),
  categories: z
    .array(
      z.object({
        id: uuid.nullable().describe("null: the rows without a category (uncategorised)"),
        name: z.string().nullable(),
        parentId: uuid.nullable(),
      }),
    )
    .describe("The categories with money in the period, by name; uncategorised last"),
  cells: z
    .array(z.object({ month: z.string(), categoryId: uuid.nullable(), currency: z.string(), ...figures }))
    .describe("One per month, category and currency that has rows; amounts of different currencies are never added"),
  monthTotals: z
    .array(z.object({ month: z.string(), currency: z.string(), ...figures }))
    .describe("Each month's totals per currency over every category"),
  categoryTotals: z
    .array(z.object({ categoryId: uuid.nullable(), currency: z.string(), ...figures }))
    .describe("Each category's totals per currency over the period"),
  totals: z.array(z.object({ currency: z.string(), ...figures })).describe("The period's totals per currency"),
});
