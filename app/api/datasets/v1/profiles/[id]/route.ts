// GET /api/datasets/v1/profiles/{id} — scoped; datasets.read.
// PUT — scoped; profiles.write; replaces the profile (same snake_case body as POST). A default
// profile, or making one default, needs profiles.write_default (admins).
// DELETE — scoped; profiles.write, and profiles.write_default for a default profile; 204.
// Another scope's profile is 404 (before any 403).
import { ProfileRequestSchema, ProfileSchema } from "@/lib/openapi/schemas/platform";
import { NO_BODY } from "@/lib/api/responses";
import { methods, route } from "@/lib/api/route";
import { deleteProfile, getProfile, updateProfile } from "@/lib/datasets/profiles";
import { parseProfileRequest } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "getProfile",
    tag: "Data registry",
    summary: "Get a profile",
    auth: "any",
    scoped: true,
    capability: "datasets.read",
    afterLookup: true,
    uuidParams: ["id"],
    responses: { 200: ProfileSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const profile = await getProfile(db, scope.scopeId, params.id);
      authorize("datasets.read");
      return { data: profile };
    },
  }),
  PUT: route({
    operationId: "replaceProfile",
    tag: "Data registry",
    summary: "Replace a profile",
    auth: "any",
    scoped: true,
    capability: "profiles.write",
    afterLookup: true,
    uuidParams: ["id"],
    body: ProfileRequestSchema,
    ownValidation: true,
    responses: { 200: ProfileSchema },
    handler: async ({ db, scope, params, body, authorize }) => ({
      data: await updateProfile(db, scope.scopeId, params.id, () => parseProfileRequest(body), authorize),
    }),
  }),
  DELETE: route({
    operationId: "deleteProfile",
    tag: "Data registry",
    summary: "Delete a profile",
    auth: "any",
    scoped: true,
    capability: "profiles.write",
    afterLookup: true,
    uuidParams: ["id"],
    responses: { 204: NO_BODY },
    handler: async ({ db, scope, params, authorize }) => {
      await deleteProfile(db, scope.scopeId, params.id, authorize);
      return { status: 204 };
    },
  }),
});
