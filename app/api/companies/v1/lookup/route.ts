// GET /api/companies/v1/lookup?country=BE&number=… — scoped; lookup.run (members, admins and member
// App tokens; not viewers, because a lookup consults external providers and counts against the
// profile). Optional context entityType+entityId, profession(+subProfession), or profileId.
// Resolves the applicable dataset profile, fetches its subsets from its providers in priority
// order with fallback, reports per subset who served it, and increments the profile's usage.
import { LookupResultSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, scoped } from "@/lib/api/route";
import { lookupCompany } from "@/lib/datasets/lookup";
import { LookupQuery, parseLookupQuery } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("lookupCompany", "Look up a company through the applicable profile", {
    effects: true,
    ...scoped("any", "lookup.run"),
    query: LookupQuery,
    ownValidation: true,
    responses: { 200: LookupResultSchema },
    errors: ["conflict"],
    handler: async ({ db, scope, query }) => ({
      data: await lookupCompany(db, scope.scopeId, parseLookupQuery(query)),
    }),
  }),
});
