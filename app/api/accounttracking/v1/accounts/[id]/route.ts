// GET   /api/accounttracking/v1/accounts/{id} — scoped; accounts.read. The account with its latest sync.
// PATCH — scoped; a person with accounts.setup: any of {nickname: string | null, hidden: boolean,
//         trackingState: tracking | stopped | archived}, all applied in one transaction or none:
//         the person's own name (the bank's stays in `name`), hidden from the UI's lists and totals
//         or shown, and a move of the account's lifecycle (stop, resume, archive, restore; a move
//         the lifecycle does not list is 409). Each change is in the audit trail; a move also emits
//         account.tracking_changed (lib/accounttracking/accounts/housekeeping.ts).
import { ACCOUNT_READ, accountRoute } from "@/lib/api/records";
import { AccountSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { accountView } from "@/lib/accounttracking/accounts/accounts";
import { updateAccount } from "@/lib/accounttracking/accounts/housekeeping";
import { AccountUpdateBody } from "@/lib/accounttracking/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getAccount", "Get a tracked account", {
    ...ACCOUNT_READ,
    responses: { 200: AccountSchema },
    handler: async ({ db, found: account }) => ({ data: await accountView(db, account) }),
  }),
  PATCH: route("updateAccount", "Rename, hide or show, stop, resume, archive or restore a tracked account", {
    description:
      "Send any of nickname, hidden and trackingState; they are applied together or not at all. trackingState moves the account's lifecycle: tracking → stopped (no more syncs; its transactions, counterparts and figures stay), stopped → tracking (resume), stopped → archived, archived → stopped (restore). Any other move answers 409 saying which moves are open; sending the state it is in changes nothing. hidden is a view choice: the account keeps syncing. Each change is in the audit trail; a move emits the account.tracking_changed webhook.",
    ...accountRoute("user", "accounts.setup"),
    body: AccountUpdateBody,
    responses: { 200: AccountSchema },
    errors: ["conflict"],
    handler: ({ body, found: account, answer, actor }) =>
      answer(updateAccount, { account, ...body, actor }, async (updated, tx) => ({
        data: await accountView(tx, updated),
      })),
  }),
});
