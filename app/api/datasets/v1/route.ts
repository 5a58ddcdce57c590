// GET /api/datasets/v1 — scoped; datasets.read (every role, App tokens too): the datasets of the
// scope's data registry, each with its subset types and the providers that can serve them.
import { DatasetSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { listDatasets } from "@/lib/datasets/datasets";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("listDatasets", "List datasets", {
    ...scoped("any", "datasets.read"),
    responses: { 200: z.array(DatasetSchema) },
    handler: async ({ db, scope }) => ({ data: await listDatasets(db, scope.scopeId) }),
  }),
});
