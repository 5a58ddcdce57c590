// GET /api/datasets/v1/providers — scoped; datasets.read: the company-data providers a profile may
// name in provider_priorities, in the default order, with the subsets and countries they cover
// and whether this server has them switched on.
import { methods, route } from "@/lib/api/route";
import { providerCatalogue } from "@/lib/datasets/providers";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "datasets.read",
    handler: async () => ({ data: providerCatalogue() }),
  }),
});
