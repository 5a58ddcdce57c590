// GET /api/accounttracking/v1/consents/callback/{integration}?state=…&result=ok|nok — public; the
// bank redirects the account holder's browser here. Checks the one-time state (and the browser
// binding when the redirect started in our UI), updates the consent, and answers 303 to a page of
// ours (or the caller's allowlisted returnTo) that says what happened. A rejected callback changes nothing.
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { completeCallback } from "@/lib/accounttracking/callback";
import { log } from "@/lib/log";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "public",
    scoped: false,
    handler: async ({ request, params, requestId }) => {
      const result = await completeCallback({
        integration: params.integration,
        url: new URL(request.url),
        cookieHeader: request.headers.get("cookie"),
        context: accessContext(request, null, requestId),
      });
      if (result.rejected) log.warn("consent callback rejected", { requestId, reason: result.rejected });
      return new Response(null, { status: 303, headers: { location: result.location, "cache-control": "no-store" } });
    },
  }),
});
