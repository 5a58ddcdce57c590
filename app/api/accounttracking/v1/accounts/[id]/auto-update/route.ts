// PUT /api/accounttracking/v1/accounts/{id}/auto-update — scoped; a person with accounts.setup.
// {timesPerDay: 0–3} → {accountId, autoUpdatesPerDay, nextScheduledAt}. 0 turns automatic updates
// off; at most 3 so one of PSD2's 4 unattended accesses a day stays free for a retry. An account kept
// from statement files is never updated from a bank: 409.
import { accountRoute } from "@/lib/api/records";
import { AutoUpdateSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { autoUpdateView, setAutoUpdates } from "@/lib/accounttracking/accounts/accounts";
import { AutoUpdateBody } from "@/lib/accounttracking/schemas";
import { refuseForFileAccount } from "@/lib/accounttracking/accounts/file-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  PUT: route("setAutoUpdate", "Automatic updates per day (0–3)", {
    ...accountRoute("user", "accounts.setup"),
    body: AutoUpdateBody,
    responses: { 200: AutoUpdateSchema },
    errors: ["conflict"],
    handler: ({ body, found: account, answer, actor }) => {
      refuseForFileAccount(account);
      return answer(setAutoUpdates, { account, timesPerDay: body.timesPerDay, actor }, (updated) => ({
        data: autoUpdateView(updated),
      }));
    },
  }),
});
