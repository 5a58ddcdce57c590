// GET /api/auth/v1/me — any principal. Who the caller is: a person, or an App token and its scope.
import { MeSchema } from "@/lib/openapi/schemas/platform";
import { notFound } from "@/lib/errors";
import { methods, route, unscoped } from "@/lib/api/route";
import { serializeUser } from "@/lib/identity/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Authentication", {
  GET: route("getMe", "Who the caller is", {
    ...unscoped("any"),
    responses: { 200: MeSchema },
    errors: ["not_found"],
    handler: async ({ db, principal }) => {
      if (principal.kind === "app") {
        return {
          data: {
            kind: "app",
            appKind: principal.appKind,
            tokenId: principal.tokenId,
            scopeId: principal.scopeId,
            role: principal.role,
            user: null,
          },
        };
      }
      const user = await db.user.findUnique({ where: { id: principal.userId } });
      if (!user) throw notFound("User");
      return { data: { kind: "user", user: serializeUser(user) } };
    },
  }),
});
