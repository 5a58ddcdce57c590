// GET   /api/accounttracking/v1/categories/{id} — scoped; accounts.read. One category (a merged one
//       too: mergedIntoId says where it went).
// PATCH — scoped; an admin (categories.manage). Any of {name, parentId, archived}: rename, move under
//       a top-level category (null: to the top level), archive or restore; each audited in its own
//       words, all in one transaction. A merged category is 409. Another scope's id is 404.
import { CATEGORY_MANAGE, CATEGORY_READ } from "@/lib/api/records";
import { CategorySchema } from "@/lib/openapi/schemas/categories";
import { methods, route } from "@/lib/api/route";
import { serializeCategory } from "@/lib/categories/list";
import { UpdateCategoryBody } from "@/lib/categories/schemas";
import { updateCategory } from "@/lib/categories/update-category";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Categories", {
  GET: route("getCategory", "One category", {
    ...CATEGORY_READ,
    responses: { 200: CategorySchema },
    handler: ({ found }) => Promise.resolve({ data: serializeCategory(found) }),
  }),
  PATCH: route("updateCategory", "Rename, move, archive or restore a category", {
    ...CATEGORY_MANAGE,
    body: UpdateCategoryBody,
    responses: { 200: CategorySchema },
    errors: ["conflict"],
    handler: ({ found, body, actor, answer }) =>
      answer(updateCategory, { category: found, change: body, actor }, (c) => ({ data: serializeCategory(c) })),
  }),
});
