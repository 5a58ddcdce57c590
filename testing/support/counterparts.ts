// Test helpers for the counterpart API: one synced `namesakes` account and typed calls.
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import { beforeAll } from "vitest";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { type Connected, connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { syncOnce } from "@/testing/support/sync-runs";

export type Listed = {
  id: string;
  name: string;
  alias: string | null;
  displayName: string;
  parentId: string | null;
  consolidatedCount: number;
  accountCount: number;
  totals: { count: number; sumIn: string; sumOut: string; lastDate: string | null };
};

export async function syncedNamesakes() {
  const connected = await connectedConsent("namesakes");
  const { account } = await syncedAccount(connected);
  return { connected, account, headers: bearer(connected.person.token, connected.person.scopeId) };
}

export function resync(connected: Connected, accountId: string) {
  return syncOnce(accountId, connected.person.scopeId);
}

export async function listAll(
  headers: Record<string, string>,
  accountId: string,
  query = "perPage=200",
): Promise<Listed[]> {
  const res = await call<{ data: Listed[] }>(listRoute.GET, "GET", "x", { headers, params: { id: accountId }, query });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return res.json.data;
}

export type SyncedNamesakes = Awaited<ReturnType<typeof syncedNamesakes>>;

/**
 * For a test file: the sandbox bank (withSandboxBank) and a synced `namesakes` account with its
 * counterparts listed, handed to `ready` before the tests run.
 */
export function withSyncedNamesakes(ready: (synced: SyncedNamesakes, listed: Listed[]) => void) {
  withSandboxBank();
  beforeAll(async () => {
    const synced = await syncedNamesakes();
    ready(synced, await listAll(synced.headers, synced.account.id));
  });
}
