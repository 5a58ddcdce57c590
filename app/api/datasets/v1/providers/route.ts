// GET /api/datasets/v1/providers — scoped; datasets.read: the company-data providers a profile may
// name in provider_priorities, in the default order, with the subsets and countries they cover,
// whether this server has them configured and switched on (and why not), their request budget, and
// their health over the last 24 hours (lib/datasets/provider-health.ts).
import { ProviderSchema } from "@/lib/openapi/schemas/platform";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { providersWithHealth } from "@/lib/datasets/provider-health";
import { configuredProviders } from "@/lib/datasets/providers";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("listProviders", "List company-data providers in the default order, with their health", {
    ...scoped("any", "datasets.read"),
    responses: { 200: z.array(ProviderSchema) },
    handler: async () => ({ data: await providersWithHealth(configuredProviders()) }),
  }),
});
