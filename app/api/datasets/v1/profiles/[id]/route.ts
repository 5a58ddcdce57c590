// GET /api/datasets/v1/profiles/{id} — scoped; datasets.read.
// PUT — scoped; profiles.write; replaces the profile (same snake_case body as POST). A default
// profile, or making one default, needs profiles.write_default (admins).
// DELETE — scoped; profiles.write, and profiles.write_default for a default profile; 204.
// Another scope's profile is 404 (before any 403).
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { deleteProfile, getProfile, updateProfile } from "@/lib/datasets/profiles";
import { parseProfileRequest } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    uuidParams: ["id"],
    handler: async ({ db, scope, params, authorize }) => {
      const profile = await getProfile(db, scope.scopeId, params.id);
      authorize("datasets.read");
      return { data: profile };
    },
  }),
  PUT: route({
    auth: "any",
    scoped: true,
    uuidParams: ["id"],
    body: z.unknown(),
    handler: async ({ db, scope, params, body, authorize }) => ({
      data: await updateProfile(db, scope.scopeId, params.id, () => parseProfileRequest(body), authorize),
    }),
  }),
  DELETE: route({
    auth: "any",
    scoped: true,
    uuidParams: ["id"],
    handler: async ({ db, scope, params, authorize }) => {
      await deleteProfile(db, scope.scopeId, params.id, authorize);
      return { status: 204 };
    },
  }),
});
