// PUT /api/accounttracking/v1/counterparts/{counterpartId}/default-category — a person with
//     counterparts.write. {categoryId} (null clears): the category the counterpart's transactions take
//     when no person and no rule chose one; its rows (and those consolidated into it) follow in the
//     same transaction. Audited (counterpart.default_category_changed).
import { COUNTERPART_WRITE } from "@/lib/api/records";
import { CounterpartDefaultCategorySchema } from "@/lib/openapi/schemas/categories";
import { methods, route } from "@/lib/api/route";
import { setCounterpartDefaultCategory } from "@/lib/categories/counterpart-default";
import { SetCategoryBody } from "@/lib/categories/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: route("setCounterpartDefaultCategory", "Set or clear a counterpart's default category", {
    description: "Its transactions without a person's or a rule's category follow it.",
    ...COUNTERPART_WRITE,
    body: SetCategoryBody,
    responses: { 200: CounterpartDefaultCategorySchema },
    handler: ({ found, body, actor, answer }) =>
      answer(setCounterpartDefaultCategory, { counterpart: found, categoryId: body.categoryId, actor }, (r) => ({
        data: r,
      })),
  }),
});
