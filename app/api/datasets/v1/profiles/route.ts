// GET /api/datasets/v1/profiles — scoped; datasets.read: profiles, newest first, keyset-paginated;
// filters scope, entity_type, entity_id, profession, sub_profession, is_default.
// POST — scoped; profiles.write (members, admins, member App tokens); is_default true also needs
// profiles.write_default (admins). snake_case request, camelCase response; accepts Idempotency-Key.
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { createProfile, listProfiles } from "@/lib/datasets/profiles";
import { ListProfilesQuery, parseProfileRequest, parseSnake } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "datasets.read",
    query: z.unknown(),
    handler: async ({ db, scope, query }) => {
      const page = await listProfiles(db, scope.scopeId, parseSnake(ListProfilesQuery, query));
      return { data: page.items, meta: page.meta };
    },
  }),
  POST: route({
    auth: "any",
    scoped: true,
    capability: "profiles.write",
    body: z.unknown(),
    handler: async ({ db, scope, principal, body, authorize }) => ({
      status: 201,
      data: await createProfile(
        db,
        scope.scopeId,
        principal.kind === "user" ? principal.userId : null,
        parseProfileRequest(body),
        authorize,
      ),
    }),
  }),
});
