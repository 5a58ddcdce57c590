// POST /api/accounttracking/v1/categories/{id}/merge — scoped; an admin (categories.manage). {into}
//      moves every transaction of this category, and every counterpart default, to `into` in one
//      transaction, and marks this one merged. Into itself, a merged or archived one, or one of its
//      children: 422; this one already merged: 409. Audited (category.merged) with how many moved.
import { CATEGORY_MANAGE } from "@/lib/api/records";
import { CategoryMergeSchema } from "@/lib/openapi/schemas/categories";
import { methods, route } from "@/lib/api/route";
import { serializeCategory } from "@/lib/categories/list";
import { mergeCategory } from "@/lib/categories/merge-category";
import { MergeCategoryBody } from "@/lib/categories/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Categories", {
  POST: route("mergeCategory", "Merge a category into another", {
    ...CATEGORY_MANAGE,
    body: MergeCategoryBody,
    responses: { 200: CategoryMergeSchema },
    errors: ["conflict"],
    handler: ({ found, body, actor, answer }) =>
      answer(mergeCategory, { category: found, into: body.into, actor }, (m) => ({
        data: {
          category: serializeCategory(m.category),
          into: serializeCategory(m.into),
          transactionsMoved: m.transactionsMoved,
          counterpartsMoved: m.counterpartsMoved,
        },
      })),
  }),
});
