// GET /api/datasets/v1/{id} — scoped; datasets.read: one dataset with its subset types. A dataset
// of another scope is 404. (Static siblings subset-types, providers and profiles win over [id].)
import { datasetRoute } from "@/lib/api/records";
import { DatasetSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("getDataset", "Get a dataset", {
    ...datasetRoute("any", "datasets.read"),
    responses: { 200: DatasetSchema },
    handler: ({ found: dataset }) => Promise.resolve({ data: dataset }),
  }),
});
