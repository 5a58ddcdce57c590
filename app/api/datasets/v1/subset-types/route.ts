// GET /api/datasets/v1/subset-types — scoped; datasets.read: the selectable subset types of the
// scope's registry. An empty list means no profile can be built yet (a provisioning gap).
import { SubsetTypeSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { listSubsetTypes } from "@/lib/datasets/datasets";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "listSubsetTypes",
    tag: "Data registry",
    summary: "List subset types",
    auth: "any",
    scoped: true,
    capability: "datasets.read",
    responses: { 200: z.array(SubsetTypeSchema) },
    handler: async ({ db, scope }) => ({ data: await listSubsetTypes(db, scope.scopeId) }),
  }),
});
