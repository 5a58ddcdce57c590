// GET /api/accounttracking/v1/consents — scoped; accounts.read: the scope's consents, newest first.
// POST — scoped; a person with accounts.setup who is registered for tracking (App tokens: 403
// user_context_required): {integrationName, purpose, expiryDays, bankId?} → 201 pending consent.
// The bank named by bankId is looked up with no transaction open; the consent is then written, its
// answer stored with it (lib/accounttracking/consents/connect-bank.ts).
import { ConsentSchema } from "@/lib/openapi/schemas/accounttracking";
import { page, pageAnswer } from "@/lib/api/responses";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { methods, route, scoped } from "@/lib/api/route";
import { connectBank } from "@/lib/accounttracking/consents/connect-bank";
import { listConsents } from "@/lib/accounttracking/consents/consents";
import { CreateConsentBody, ListConsentsQuery } from "@/lib/accounttracking/schemas";
import { serializeConsent } from "@/lib/accounttracking/serialize";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("listConsents", "List consents, newest first (stored state)", {
    ...scoped("any", "accounts.read"),
    query: ListConsentsQuery,
    responses: { 200: page(ConsentSchema) },
    handler: async ({ db, scope, query }) => pageAnswer(await listConsents(db, scope.scopeId, query), serializeConsent),
  }),
  POST: route("createConsent", "Create a consent (pending until the account holder approves it at the bank)", {
    ...scoped("user", "accounts.setup"),
    body: CreateConsentBody,
    responses: { 201: ConsentSchema },
    errors: BANK_ERRORS,
    handler: ({ scope, principal, body, answer, actor }) =>
      answer(connectBank, { ...body, scopeId: scope.scopeId, userId: principal.userId, actor }, (consent) => ({
        status: 201,
        data: serializeConsent(consent),
      })),
  }),
});
