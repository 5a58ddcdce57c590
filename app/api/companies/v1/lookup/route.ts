// GET /api/companies/v1/lookup?country=BE&number=… — scoped; lookup.run (members, admins and member
// App tokens; not viewers, because a lookup consults external providers and counts against the
// profile). Optional context entityType+entityId, profession(+subProfession), or profileId.
// Resolves the applicable dataset profile, fetches its subsets from its providers in priority
// order with fallback, reports per subset who served it, and increments the profile's usage.
import { methods, route } from "@/lib/api/route";
import { lookupCompany } from "@/lib/datasets/lookup";
import { z } from "zod";
import { parseLookupQuery } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "lookup.run",
    query: z.unknown(),
    handler: async ({ db, scope, query }) => ({
      data: await lookupCompany(db, scope.scopeId, parseLookupQuery(query)),
    }),
  }),
});
