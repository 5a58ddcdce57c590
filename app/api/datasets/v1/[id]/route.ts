// GET /api/datasets/v1/{id} — scoped; datasets.read: one dataset with its subset types. A dataset
// of another scope is 404. (Static siblings subset-types, providers and profiles win over [id].)
import { DatasetSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { getDataset } from "@/lib/datasets/datasets";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "getDataset",
    tag: "Data registry",
    summary: "Get a dataset",
    auth: "any",
    scoped: true,
    capability: "datasets.read",
    afterLookup: true,
    uuidParams: ["id"],
    responses: { 200: DatasetSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const dataset = await getDataset(db, scope.scopeId, params.id);
      authorize("datasets.read");
      return { data: dataset };
    },
  }),
});
