// GET  /api/accounttracking/v1/categories — scoped; accounts.read. The scope's categories, parents
//      each followed by their children; merged ones left out. counts=true adds each one's transactions.
// POST — scoped; an admin (categories.manage). {name, parentId?} → 201, the new category (one level
//      deep: the parent must be top-level). Audited (category.created); accepts Idempotency-Key.
import { CategorySchema } from "@/lib/openapi/schemas/categories";
import { methods, route, scoped } from "@/lib/api/route";
import { createCategory } from "@/lib/categories/create-category";
import { listCategories, serializeCategory } from "@/lib/categories/list";
import { CategoriesQuery, CreateCategoryBody } from "@/lib/categories/schemas";
import { z } from "zod";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Categories", {
  GET: route("listCategories", "List the scope's categories", {
    ...scoped("any", "accounts.read"),
    query: CategoriesQuery,
    responses: { 200: z.array(CategorySchema) },
    handler: async ({ db, scope, query }) => ({
      data: await listCategories(db, scope.scopeId, { counts: query.counts }),
    }),
  }),
  POST: route("createCategory", "Create a category", {
    ...scoped("user", "categories.manage"),
    body: CreateCategoryBody,
    responses: { 201: CategorySchema },
    handler: ({ scope, body, actor, answer }) =>
      answer(createCategory, { scopeId: scope.scopeId, name: body.name, parentId: body.parentId, actor }, (made) => ({
        status: 201,
        data: serializeCategory(made),
      })),
  }),
});
