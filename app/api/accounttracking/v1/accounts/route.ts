// GET /api/accounttracking/v1/accounts — scoped; accounts.read: the scope's tracked accounts
// (oldest first, keyset-paginated) with their latest sync.
// POST — scoped; a person with accounts.setup (App tokens: 403 user_context_required):
// {bankId, countryCode, accountType, consentId?, accountId?, autoUpdatesPerDay?} → 201
// {account, sync}: tracks the bank account and starts its first sync. It tracks from the accounts
// the consent exposes as stored at approval (no bank call): one transaction with the run's job and
// the answer (lib/accounttracking/accounts/track-account.ts).
import { AccountSchema, TrackedSchema } from "@/lib/openapi/schemas/accounttracking";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { accessContext } from "@/lib/api/access-context";
import { accountView, listAccounts, serializeRun } from "@/lib/accounttracking/accounts/accounts";
import { trackAccount } from "@/lib/accounttracking/accounts/track-account";
import { ListAccountsQuery, TrackAccountBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("listAccounts", "List tracked accounts, oldest first, each with its latest sync", {
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    query: ListAccountsQuery,
    responses: { 200: page(AccountSchema) },
    handler: async ({ db, scope, query }) => pageAnswer(await listAccounts(db, scope.scopeId, query)),
  }),
  POST: route("trackAccount", "Track a bank account; starts its first sync", {
    description:
      "Send bankId, countryCode and accountType alone to track the one shared account of that type under the only valid consent for the bank. Where several shared accounts match, the answer is 422 and `error.details.accountId` lists each candidate with its accountId (and name, IBAN, currency): repeat the request with the chosen accountId. Where several valid consents exist for the bank, send consentId.",
    ...scoped("user", "accounts.setup"),
    body: TrackAccountBody,
    responses: { 201: TrackedSchema },
    errors: ["conflict"],
    handler: ({ scope, principal, body, request, requestId, answer, actor }) =>
      answer(
        trackAccount,
        {
          ...body,
          scopeId: scope.scopeId,
          userId: principal.userId,
          context: accessContext(request, principal, requestId),
          actor,
        },
        async ({ account, run }, tx) => ({
          status: 201,
          data: { account: await accountView(tx, account), sync: serializeRun(run) },
        }),
      ),
  }),
});
