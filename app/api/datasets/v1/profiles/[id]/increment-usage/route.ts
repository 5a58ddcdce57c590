// POST /api/datasets/v1/profiles/{id}/increment-usage — scoped; profiles.write (members, admins,
// member App tokens): adds one to usageCount atomically and returns the profile. No body.
// Accepts Idempotency-Key (a retried key does not count twice). Another scope's profile is 404.
import { PROFILE_WRITE } from "@/lib/api/records";
import { ProfileSchema } from "@/lib/openapi/schemas/platform";
import { methods, route } from "@/lib/api/route";
import { incrementUsage } from "@/lib/datasets/profiles";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  POST: route("incrementProfileUsage", "Add one to a profile's usage count", {
    ...PROFILE_WRITE,
    responses: { 200: ProfileSchema },
    handler: ({ found: profile, answer }) => answer(incrementUsage, { profile }, (counted) => ({ data: counted })),
  }),
});
