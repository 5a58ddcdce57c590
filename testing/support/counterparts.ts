// Test helpers for the counterpart API: one synced `namesakes` account and typed calls.
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import { beforeAll } from "vitest";
import { prisma } from "@/lib/db/client";
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

/**
 * A USD account beside `accountId` (same scope, consent and bank) that pays `payee` once for each
 * `[externalId, date, amount]` given: a counterpart with money in two currencies.
 */
export async function usdPayments(accountId: string, payee: Listed, payments: [string, string, string][]) {
  const eur = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: accountId } });
  const usd = await prisma().trackedAccount.create({
    data: {
      scopeId: eur.scopeId,
      consentId: eur.consentId,
      integrationName: eur.integrationName,
      bankId: eur.bankId,
      countryCode: eur.countryCode,
      accountType: eur.accountType,
      externalId: `${eur.externalId}-usd`,
      currency: "USD",
    },
  });
  await prisma().transaction.createMany({
    data: payments.map(([externalId, date, amount]) => ({
      scopeId: eur.scopeId,
      accountId: usd.id,
      status: "booked" as const,
      currency: "USD",
      counterpartId: payee.id,
      externalId,
      bookingDate: date,
      sortDate: date,
      amount,
      creditorName: payee.name,
    })),
  });
  return usd;
}
