// GET /api/datasets/v1 — scoped; datasets.read (every role, App tokens too): the datasets of the
// scope's data registry, each with its subset types and the providers that can serve them.
import { methods, route } from "@/lib/api/route";
import { listDatasets } from "@/lib/datasets/datasets";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "datasets.read",
    handler: async ({ db, scope }) => ({ data: await listDatasets(db, scope.scopeId) }),
  }),
});
