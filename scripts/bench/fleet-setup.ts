// The fleet benchmark's accounts: `bulk-N` sandbox users (one current account of exactly N booked
// transactions, N around 1,000) spread over several sandbox banks, each with a valid consent at the
// bank (created and approved there over HTTP, as a TPP and the person would: the bank is another
// system with its own database) and ours, tracked in scopes of different sizes: one large scope
// holding half of them and scopes of ten for the rest.
import { insertTrackedAccounts } from "@/testing/support/sync/accounts";
import { encodeResourceId } from "@/sandbox/bank/data/accounts";
import { BANKS } from "@/sandbox/bank/data/banks";
import { makePerson } from "@/testing/support/fixtures";
import { approvedAtBank } from "@/testing/support/sandbox-bank-calls";

export const FLEET_BANKS = BANKS.slice(0, 10).map((b) => b.bankId);
const SMALL_SCOPE = 10;

/** The accounts, how many scopes, and a token of the first (large) scope for reading through the API. */
export type Fleet = { accountIds: string[]; scopes: number; token: string; scopeId: string };

type Slot = { bankId: string; user: string };

/**
 * Which bank user the i-th account is: banks in turn, and on each bank users of about 1,000
 * transactions, 1,000 then 1,001, 999, 1,002, 998, … so the mean stays ~1,000 at any fleet size;
 * 1,000 users a bank, so a scope of up to 10,000 accounts never tracks one twice.
 */
function slot(i: number): Slot {
  const k = Math.floor(i / FLEET_BANKS.length) % 1000;
  return {
    bankId: FLEET_BANKS[i % FLEET_BANKS.length],
    user: `bulk-${k % 2 === 1 ? 1000 + (k + 1) / 2 : 1000 - k / 2}`,
  };
}

/** Consents approved at the bank for each slot, a few at a time. */
async function bankConsents(slots: Slot[]): Promise<string[]> {
  const ids: string[] = new Array<string>(slots.length);
  let next = 0;
  const worker = async () => {
    while (next < slots.length) {
      const i = next++;
      ids[i] = await approvedAtBank(slots[i].bankId, slots[i].user);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}

/** `count` accounts, not yet due (the bench makes them due at once). */
export async function seedFleet(count: number, label: string): Promise<Fleet> {
  const large = Math.floor(count / 2);
  const groups = [large];
  for (let left = count - large; left > 0; left -= SMALL_SCOPE) groups.push(Math.min(SMALL_SCOPE, left));
  const accountIds: string[] = [];
  const notYet = new Date(Date.now() + 365 * 86_400_000);
  let i = 0;
  let first: { token: string; scopeId: string } | null = null;
  for (const size of groups) {
    const person = await makePerson(`fleet-${label}`);
    first ??= person;
    const slots = Array.from({ length: size }, () => slot(i++));
    const consents = await bankConsents(slots);
    const specs = slots.map((s, k) => ({
      bankId: s.bankId,
      externalId: encodeResourceId(s.bankId, s.user, 0),
      bankConsentId: consents[k],
      nextScheduledAt: notYet,
    }));
    accountIds.push(...(await insertTrackedAccounts(person.scopeId, person.userId, specs)));
  }
  return { accountIds, scopes: groups.length, token: first?.token ?? "", scopeId: first?.scopeId ?? "" };
}
