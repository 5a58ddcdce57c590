// GET /api/datasets/v1/profiles/{id} — scoped; datasets.read.
// PUT — scoped; profiles.write; replaces the profile (same snake_case body as POST). A default
// profile, or making one default, needs profiles.write_default (admins).
// DELETE — scoped; profiles.write, and profiles.write_default for a default profile; 204.
// Another scope's profile is 404 (before any 403).
import { PROFILE_WRITE, profileRoute } from "@/lib/api/records";
import { ProfileRequestSchema, ProfileSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { auditActor } from "@/lib/audit/actor";
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
    handler: async ({ db, body, authorize, principal, requestId, found: profile }) => ({
      data: await updateProfile(
        db,
        profile,
        () => parseProfileRequest(body),
        authorize,
        auditActor(principal, requestId),
      ),
    }),
  }),
  DELETE: route("deleteProfile", "Delete a profile", {
    ...PROFILE_WRITE,
    responses: { 204: NO_BODY },
    handler: async ({ db, authorize, principal, requestId, found: profile }) => {
      await deleteProfile(db, profile, authorize, auditActor(principal, requestId));
      return { status: 204 };
    },
  }),
});
