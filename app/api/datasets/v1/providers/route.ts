// GET /api/datasets/v1/providers — scoped; datasets.read: the company-data providers a profile may
// name in provider_priorities, in the default order, with the subsets and countries they cover
// and whether this server has them switched on.
import { ProviderSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { providerCatalogue } from "@/lib/datasets/providers";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("listProviders", "List company-data providers in the default order", {
    ...scoped("any", "datasets.read"),
    responses: { 200: z.array(ProviderSchema) },
    handler: () => Promise.resolve({ data: providerCatalogue() }),
  }),
});
