// GET /api/accounttracking/v1/consents/{consent}/accounts — scoped; accounts.read. The accounts a
// valid consent exposes, as the bank last listed them (at approval, or a person's refresh: POST
// …/refresh; the consent's accountsRefreshedAt says when): [{accountId, iban, currency, name,
// product, ownerName, cashAccountType, accountType}]. Stored state: no bank call, no PSD2 access.
// A pending or ended consent → 409 conflict saying what to do.
import { CONSENT_READ } from "@/lib/api/records";
import { BankAccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { consentAccounts } from "@/lib/accounttracking/consents/consents";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("listConsentAccounts", "The bank accounts a valid consent exposes (as last listed by the bank)", {
    ...CONSENT_READ,
    responses: { 200: z.array(BankAccountSchema) },
    errors: ["conflict"],
    handler: async ({ db, found: consent }) => {
      const { accounts } = await consentAccounts(db, consent);
      return { data: accounts.map(({ externalId, ...rest }) => ({ accountId: externalId, ...rest })) };
    },
  }),
});
