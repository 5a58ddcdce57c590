// GET /api/datasets/v1/profiles/{id}/preview?country=FR — scoped; datasets.read: for a company of
// that country, which provider would answer each subset of the profile, and why the providers
// before it would be passed over. Calls no provider (lib/datasets/preview.ts). Another scope's
// profile is 404.
import { profileRoute } from "@/lib/api/records";
import { ProfilePreviewSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { previewProfile } from "@/lib/datasets/preview";
import { configuredProviders } from "@/lib/datasets/providers";
import { PreviewQuery } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("previewProfile", "Preview which provider would answer each subset of a profile", {
    ...profileRoute("any", "datasets.read"),
    query: PreviewQuery,
    responses: { 200: ProfilePreviewSchema },
    handler: ({ found: profile, query }) =>
      Promise.resolve({ data: previewProfile(profile, query.country, configuredProviders()) }),
  }),
});
