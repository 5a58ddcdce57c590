// POST /api/accounttracking/v1/accounts/file — scoped; a person with accounts.setup (App tokens: 403
// user_context_required): {name, iban?, currency, bankName?, accountType} → 201 the account as GET
// /accounts/{id} shows it. An account kept from statement files (issue 37): no consent, never synced;
// its rows come from statement imports (POST /accounts/{id}/statements). Audited
// (account.file_account_created); announced as account.tracked with consentId null.
// A route of its own, not a variant of POST /accounts: the two take different bodies and answer
// different shapes (that one {account, sync}), which one operation could only document as a union.
import { AccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route, scoped } from "@/lib/api/route";
import { accountView } from "@/lib/accounttracking/accounts/accounts";
import { createFileAccount } from "@/lib/accounttracking/accounts/file-account";
import { FileAccountBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  POST: route("createFileAccount", "Add an account kept from statement files (no bank connection)", {
    description:
      "For a bank without PSD2 access, or the months before connecting one. The account is never synced (POST …/sync-transactions answers 409); import camt.053, MT940 or CSV statements into it. An IBAN given is checked by its check digits, and each imported statement must name it.",
    ...scoped("user", "accounts.setup"),
    body: FileAccountBody,
    responses: { 201: AccountSchema },
    errors: ["conflict"],
    handler: ({ scope, principal, body, answer, actor }) =>
      answer(
        createFileAccount,
        {
          scopeId: scope.scopeId,
          userId: principal.userId,
          name: body.name,
          iban: body.iban ?? null,
          currency: body.currency,
          bankName: body.bankName ?? null,
          accountType: body.accountType,
          actor,
        },
        async (account, tx) => ({ status: 201, data: await accountView(tx, account) }),
      ),
  }),
});
