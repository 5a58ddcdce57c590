// POST /api/accounttracking/v1/accounts/{id}/sync-transactions — scoped; a person with
// accounts.sync (App tokens: 403 user_context_required). 202 with the run; while a run is queued or
// running, that run is returned instead of starting another. Only a person's browser session is
// attended (outside PSD2's 4 unattended accesses a day); a personal access token is a script with
// nobody present, so its syncs are unattended and count against that budget. An account a person
// stopped or archived is not synced: 409, saying to resume it. `?dateFrom=` reads the bank again from
// that day (a window reconciliation pointed at), within the history a sync may ask for. An account kept
// from statement files has no bank to ask: 409, saying to import a statement.
import { accountRoute } from "@/lib/api/records";
import { SyncRunSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { accessContext } from "@/lib/api/access-context";
import { serializeRun } from "@/lib/accounttracking/accounts/accounts";
import { syncsAccount } from "@/lib/accounttracking/accounts/lifecycle";
import { refuseForFileAccount } from "@/lib/accounttracking/accounts/file-account";
import { conflict, validationFailed } from "@/lib/errors";
import { SyncQuery } from "@/lib/accounttracking/schemas";
import { historyStart } from "@/lib/sync/window";
import { startSync } from "@/lib/sync/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  POST: route("syncTransactions", "Start a sync (202; while one is queued or running, that run)", {
    ...accountRoute("user", "accounts.sync"),
    query: SyncQuery,
    responses: { 202: SyncRunSchema },
    errors: ["conflict"],
    handler: ({ scope, principal, request, requestId, query, found: account, answer }) => {
      refuseForFileAccount(account);
      const earliest = historyStart(new Date().toISOString().slice(0, 10));
      if (query.dateFrom && query.dateFrom < earliest)
        throw validationFailed({
          dateFrom: [`A sync reads at most back to ${earliest}; import a statement file for older days.`],
        });
      if (!syncsAccount(account.trackingState))
        throw conflict(
          `This account is ${account.trackingState}: it is not synced. Resume tracking it first (PATCH trackingState: tracking).`,
        );
      const context = accessContext(request, principal, requestId);
      const run = {
        scopeId: scope.scopeId,
        accountId: account.id,
        trigger: "manual" as const,
        attended: context.psuIpAddress !== null,
        psuIpAddress: context.psuIpAddress,
        dateFrom: query.dateFrom ?? null,
      };
      return answer(startSync, run, (started) => ({ status: 202, data: serializeRun(started.run) }));
    },
  }),
});
