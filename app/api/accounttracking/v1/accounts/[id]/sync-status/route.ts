// GET /api/accounttracking/v1/accounts/{id}/sync-status — scoped; accounts.read. Whether a sync
// runs, its progress counters, timestamps and last error, the next automatic update, and the PSD2
// unattended-access budget left for the day.
import { ACCOUNT_READ } from "@/lib/api/records";
import { SyncStatusSchema } from "@/lib/openapi/schemas/accounttracking";
import { methods, route } from "@/lib/api/route";
import { syncStatus } from "@/lib/accounttracking/accounts/accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Tracked accounts", {
  GET: route("getSyncStatus", "The latest sync run, schedule and PSD2 unattended-access budget", {
    ...ACCOUNT_READ,
    responses: { 200: SyncStatusSchema },
    handler: async ({ db, found: account }) => ({ data: await syncStatus(db, account) }),
  }),
});
