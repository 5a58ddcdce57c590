// POST /api/accounttracking/v1/consents/{consent}/initiate-redirect — scoped; a person with
// accounts.setup. Body (optional): {bankId?, returnTo?}. Returns {consentId, authorizationUrl,
// stateExpiresAt}: send the account holder's browser to authorizationUrl. With a bank (here or at
// creation) it is the bank's own page (the consent is created there first); without one, our hosted
// bank picker, which continues to the bank the person picks. From our UI the redirect is also bound
// to the browser by an HttpOnly cookie. The bank is called with no transaction open; the state and
// the bank's consent id are written afterwards, with the stored Idempotency-Key answer.
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { findConsent, planRedirect } from "@/lib/accounttracking/authorization";
import { InitiateRedirectBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({
    auth: "user",
    scoped: true,
    uuidParams: ["consent"],
    body: InitiateRedirectBody,
    transaction: "narrow",
    handler: async ({ db, scope, params, principal, body, request, requestId, authorize, commit }) => {
      const consent = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.setup");
      const plan = await planRedirect(db, {
        consent,
        principal,
        bankId: body.bankId,
        returnTo: body.returnTo,
        cookieHeader: request.headers.get("cookie"),
        context: accessContext(request, principal, requestId),
      });
      const headers: Record<string, string> = plan.setCookie ? { "set-cookie": plan.setCookie } : {};
      return commit(async (tx) => {
        await plan.write(tx);
        return { data: plan.data, headers };
      });
    },
  }),
});
