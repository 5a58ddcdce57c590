// GET /api/accounttracking/v1/consents/callback/{integration}?state=…&result=ok|nok — public; the
// bank redirects the account holder's browser here. Checks the one-time state (and the browser
// binding when the redirect started in our UI), applies the approval (the account holder is present:
// what it reads at the bank is attended), and answers 303 to a page of
// ours (or the caller's allowlisted returnTo) that says what happened. A rejected callback changes nothing.
import { REDIRECT } from "@/lib/api/responses";
import { z } from "zod";
import { methods, route, unscoped } from "@/lib/api/route";
import { presentContext } from "@/lib/api/access-context";
import { completeCallback } from "@/lib/accounttracking/consents/complete-callback";
import { log } from "@/lib/log";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("consentCallback", "The bank's redirect back (303 to the result page)", {
    effects: true,
    ...unscoped("public"),
    query: z.object({ state: z.string().optional(), result: z.enum(["ok", "nok"]).optional() }),
    ownValidation: true,
    responses: { 303: REDIRECT },
    handler: async ({ request, params, requestId }) => {
      const result = await completeCallback({
        integration: params.integration,
        url: new URL(request.url),
        cookieHeader: request.headers.get("cookie"),
        context: presentContext(request, requestId),
      });
      if (result.rejected) log.warn("consent callback rejected", { requestId, reason: result.rejected });
      return { status: 303, location: result.location };
    },
  }),
});
