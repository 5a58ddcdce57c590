// GET /api/accounttracking/v1/consents/{consent}/accounts — scoped; accounts.read. The accounts the
// bank exposes under a valid consent: [{accountId, iban, currency, name, product, ownerName,
// cashAccountType, accountType}]. A pending or ended consent → 409 conflict saying what to do.
import { BankAccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/accounttracking/access";
import { CONSENT_READ, consentAccounts } from "@/lib/accounttracking/consents";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("listConsentAccounts", "The bank accounts a valid consent exposes", {
    ...CONSENT_READ,
    responses: { 200: z.array(BankAccountSchema) },
    errors: BANK_ERRORS,
    handler: async ({ db, principal, request, requestId, found: consent }) => {
      const accounts = await consentAccounts(db, consent, accessContext(request, principal, requestId));
      return { data: accounts.map(({ externalId, ...rest }) => ({ accountId: externalId, ...rest })) };
    },
  }),
});
