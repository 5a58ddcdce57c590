// Test helper: the sandbox `alice` with her current account synced, and her savings account tracked
// and synced on request (the two move money between each other every month: "Monthly savings").
import { db, prisma } from "@/lib/db/client";
import { consentAccounts } from "@/lib/accounttracking/consents/consents";
import { connectedConsent, syncedAccount, type Connected } from "@/testing/support/bank-flow";
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { bearer, call } from "@/testing/support/http";

/** `withoutRules`: the scope's default rules deleted before the sync, so no row starts with a category. */
export async function syncedAlice({ withoutRules = false } = {}) {
  const connected = await connectedConsent("alice");
  if (withoutRules) await prisma().rule.deleteMany({ where: { scopeId: connected.person.scopeId } });
  const consent = await db().consent.findUniqueOrThrow({ where: { id: connected.consentId } });
  const { accounts: exposed } = await consentAccounts(db(), consent);
  const savingsId = exposed.find((a) => a.cashAccountType === "SVGS")?.externalId;
  const currentId = exposed.find((a) => a.cashAccountType !== "SVGS")?.externalId;
  if (!savingsId || !currentId) throw new Error("alice must have a current and a savings account");
  const current = await syncedAccount(connected, { accountId: currentId });
  const headers = bearer(connected.person.token, connected.person.scopeId);
  return {
    connected,
    current: current.account,
    headers,
    /** Her current account's transactions through the API (up to 500), filtered by `query`. */
    transactions: <T>(query: string) =>
      call<{ data: T[] }>(listRoute.GET, "GET", "x", {
        headers,
        params: { id: current.account.id },
        query: `perPage=500&${query}`,
      }),
    /** Tracks and syncs the savings account; returns it. */
    trackSavings: async () => (await syncedAccount(connected, { accountId: savingsId })).account,
  };
}

export type SyncedAlice = Awaited<ReturnType<typeof syncedAlice>>;

/** The account's transactions whose remittance contains `text`, newest first (straight from the table). */
export async function rowsWith(accountId: string, text: string) {
  return prisma().transaction.findMany({
    where: { accountId, removedAt: null, remittanceInformation: { contains: text } },
    orderBy: [{ sortDate: "desc" }, { id: "desc" }],
  });
}

/** Sum of decimal strings as exact hundredths (BigInt), for checking totals without floats. */
export function cents(amounts: string[]): bigint {
  return amounts.reduce((sum, a) => {
    const negative = a.startsWith("-");
    const [whole, frac = ""] = a.replace("-", "").split(".");
    const v = BigInt(whole) * 100n + BigInt((frac + "00").slice(0, 2));
    return sum + (negative ? -v : v);
  }, 0n);
}

export type { Connected };
