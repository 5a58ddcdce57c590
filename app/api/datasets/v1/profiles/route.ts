// GET /api/datasets/v1/profiles — scoped; datasets.read: profiles, newest first, keyset-paginated;
// filters scope, entity_type, entity_id, profession, sub_profession, is_default.
// POST — scoped; profiles.write (members, admins, member App tokens); is_default true also needs
// profiles.write_default (admins). snake_case request, camelCase response; accepts Idempotency-Key.
import { ProfileRequestSchema, ProfileSchema } from "@/lib/openapi/schemas/platform";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { createProfile, listProfiles } from "@/lib/datasets/profiles";
import { ListProfilesQuery, parseProfileRequest, parseSnake } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("listProfiles", "List profiles, newest first", {
    ...scoped("any", "datasets.read"),
    query: ListProfilesQuery,
    ownValidation: true,
    responses: { 200: page(ProfileSchema) },
    handler: async ({ db, scope, query }) =>
      pageAnswer(await listProfiles(db, scope.scopeId, parseSnake(ListProfilesQuery, query))),
  }),
  POST: route("createProfile", "Create a profile", {
    ...scoped("any", "profiles.write"),
    body: ProfileRequestSchema,
    ownValidation: true,
    responses: { 201: ProfileSchema },
    handler: ({ scope, principal, body, authorize, actor, answer }) => {
      const createdById = principal.kind === "user" ? principal.userId : null;
      const profile = { scopeId: scope.scopeId, createdById, input: parseProfileRequest(body), authorize };
      return answer(createProfile, { ...profile, actor }, (created) => ({ status: 201, data: created }));
    },
  }),
});
