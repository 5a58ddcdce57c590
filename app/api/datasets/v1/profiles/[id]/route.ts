// GET /api/datasets/v1/profiles/{id} — scoped; datasets.read.
// PUT — scoped; profiles.write; replaces the profile (same snake_case body as POST). A default
// profile, or making one default, needs profiles.write_default (admins).
// DELETE — scoped; profiles.write, and profiles.write_default for a default profile; 204.
// Another scope's profile is 404 (before any 403).
import { PROFILE_WRITE, profileRoute } from "@/lib/api/records";
import { ProfileRequestSchema, ProfileSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { deleteProfile, serializeProfile, updateProfile } from "@/lib/datasets/profiles";
import { parseProfileRequest } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("getProfile", "Get a profile", {
    ...profileRoute("any", "datasets.read"),
    responses: { 200: ProfileSchema },
    handler: ({ found: profile }) => Promise.resolve({ data: serializeProfile(profile) }),
  }),
  PUT: route("replaceProfile", "Replace a profile", {
    ...PROFILE_WRITE,
    body: ProfileRequestSchema,
    ownValidation: true,
    responses: { 200: ProfileSchema },
    handler: ({ body, authorize, found: existing, actor, answer }) =>
      answer(updateProfile, { existing, raw: () => parseProfileRequest(body), authorize, actor }, (profile) => ({
        data: profile,
      })),
  }),
  DELETE: route("deleteProfile", "Delete a profile", {
    ...PROFILE_WRITE,
    responses: { 204: NO_BODY },
    handler: ({ authorize, found: existing, actor, answer }) =>
      answer(deleteProfile, { existing, authorize, actor }, () => ({ status: 204 })),
  }),
});
