// GET   /api/accounttracking/v1/accounts/{id} — scoped; accounts.read. The account with its latest sync.
// PATCH — scoped; a person with accounts.setup: {nickname: string | null} sets or clears the
//         person's own name for the account (the bank's stays in `name`); in the audit trail.
import { ACCOUNT_READ, accountRoute } from "@/lib/api/records";
import { AccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { accountView, setNickname } from "@/lib/accounttracking/accounts/accounts";
import { NicknameBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getAccount", "Get a tracked account", {
    ...ACCOUNT_READ,
    responses: { 200: AccountSchema },
    handler: async ({ db, found: account }) => ({ data: await accountView(db, account) }),
  }),
  PATCH: route("setAccountNickname", "Set or clear (null) the account's nickname", {
    ...accountRoute("user", "accounts.setup"),
    body: NicknameBody,
    responses: { 200: AccountSchema },
    handler: ({ body, found: account, answer, actor }) =>
      answer(setNickname, { account, nickname: body.nickname, actor }, async (updated, tx) => ({
        data: await accountView(tx, updated),
      })),
  }),
});
