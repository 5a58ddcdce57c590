// POST /api/accounttracking/v1/consents/{consent}/initiate-redirect — scoped; a person with
// accounts.setup. Body (optional): {bankId?, returnTo?, psuId?}. Returns {consentId, authorizationUrl,
// stateExpiresAt, scaApproach, psuMessage}: send the account holder's browser to authorizationUrl.
// A bank that approves in its app (decoupled, for the psuId given) redirects nobody: authorizationUrl
// is then our page that follows the approval while the worker asks the bank. With a bank (here or at
// creation) it is the bank's own page (the consent is created there first); without one, our hosted
// bank picker, which continues to the bank the person picks. From our UI the redirect is also bound
// to the browser by an HttpOnly cookie (the same browser asking again gets the same redirect).
// The verb (lib/accounttracking/consents/initiate-redirect.ts) writes in steps of its own around the bank call; one
// send per consent at a time (another caller meanwhile: 409 with Retry-After).
import { CONSENT_SETUP } from "@/lib/api/records";
import { RedirectSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/api/access-context";
import { initiateRedirect } from "@/lib/accounttracking/consents/initiate-redirect";

import { InitiateRedirectBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  POST: route("initiateConsentRedirect", "Start the bank redirect: returns the URL to send the account holder to", {
    ...CONSENT_SETUP,
    description:
      "With a bank (bankId here, or given when the consent was created), authorizationUrl is the bank's own approval page: the consent is created at the bank first. With no body and no bank, authorizationUrl is Ledgerlink's hosted bank picker (`/choose-bank/<token>`, a public page; the token is signed, bound to this redirect, and lives as long as its state, stateExpiresAt): the account holder picks a country and a bank of the consent's integration there, then continues to that bank, where they choose which accounts to share. Without returnTo the flow ends on the public page `/bank-connection-result`, which says the outcome and that the window can be closed; with returnTo, there, with consentId and status (or error when the callback was refused).",
    body: InitiateRedirectBody,
    responses: { 200: RedirectSchema },
    errors: BANK_ERRORS,
    handler: async ({ principal, body, request, requestId, found: consent }) => {
      const redirect = await initiateRedirect({
        consent,
        principal,
        bankId: body.bankId,
        returnTo: body.returnTo,
        psuId: body.psuId,
        cookieHeader: request.headers.get("cookie"),
        context: accessContext(request, principal, requestId),
      });
      const headers: Record<string, string> = redirect.setCookie ? { "set-cookie": redirect.setCookie } : {};
      return { data: redirect.data, headers };
    },
  }),
});
