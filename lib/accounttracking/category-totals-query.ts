// What GET …/v1/transactions/category-totals takes: a period of whole days and how to group it.
// No server imports: the browser's client types read it too.
import { z } from "zod";
import { isoDate } from "@/lib/dates/iso-date";

/** A table of at most three years of months stays readable and cheap. */
export const MAX_CATEGORY_TOTALS_MONTHS = 36;

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

export const CategoryTotalsQuery = z
  .object({
    from: isoDate.describe("First day counted (a booking date, or the value date of a pending row)"),
    to: isoDate.describe("Last day counted, inclusive"),
    group: z
      .enum(["month"], { message: "group must be month" })
      .default("month")
      .describe("The period of each column; only month for now"),
  })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    else if (monthIndex(q.to) - monthIndex(q.from) + 1 > MAX_CATEGORY_TOTALS_MONTHS)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `from and to may span at most ${MAX_CATEGORY_TOTALS_MONTHS} months`,
      });
  });
