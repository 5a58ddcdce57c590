// GET /api/datasets/v1/subset-types — scoped; datasets.read: the selectable subset types of the
// scope's registry. An empty list means no profile can be built yet (a provisioning gap).
import { SubsetTypeSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { listSubsetTypes } from "@/lib/datasets/datasets";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("listSubsetTypes", "List subset types", {
    ...scoped("any", "datasets.read"),
    responses: { 200: z.array(SubsetTypeSchema) },
    handler: async ({ db, scope }) => ({ data: await listSubsetTypes(db, scope.scopeId) }),
  }),
});
