// POST /api/accounttracking/v1/consents/{consent}/initiate-redirect — scoped; a person with
// accounts.setup. Body (optional): {bankId?, returnTo?}. Creates the consent at the bank and returns
// {consentId, authorizationUrl, stateExpiresAt}: send the account holder's browser to authorizationUrl.
// From our UI the redirect is also bound to the browser by an HttpOnly cookie.
import { RedirectSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { findConsent, initiateRedirect } from "@/lib/accounttracking/authorization";
import { InitiateRedirectBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({
    operationId: "initiateConsentRedirect",
    tag: "Account tracking",
    summary: "Start the bank redirect: returns the URL to send the account holder to",
    auth: "user",
    scoped: true,
    capability: "accounts.setup",
    afterLookup: true,
    uuidParams: ["consent"],
    body: InitiateRedirectBody,
    responses: { 200: RedirectSchema },
    errors: BANK_ERRORS,
    handler: async ({ db, scope, params, principal, body, request, requestId, authorize }) => {
      const consent = await findConsent(db, scope.scopeId, params.consent);
      authorize("accounts.setup");
      const result = await initiateRedirect(db, {
        consent,
        principal,
        bankId: body.bankId,
        returnTo: body.returnTo,
        cookieHeader: request.headers.get("cookie"),
        context: accessContext(request, principal, requestId),
      });
      const headers: Record<string, string> = result.setCookie ? { "set-cookie": result.setCookie } : {};
      return { data: result.data, headers };
    },
  }),
});
