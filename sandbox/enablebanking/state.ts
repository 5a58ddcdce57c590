// The fake's memory (sandbox/shared/memory.ts: its clock, attempt counts and calls) with its pending
// authorizations, one-time codes and sessions.
import { fakeMemory } from "@/sandbox/shared/memory";
import type { FakeAccountTemplate, FakeAspsp, FakeUser } from "@/sandbox/enablebanking/data";

type FakeAuthorization = {
  id: string;
  aspsp: FakeAspsp;
  psuType: "personal" | "business";
  state: string;
  redirectUrl: string;
  validUntil: string;
  createdAt: string;
};

export type FakeSessionAccount = { uid: string; template: FakeAccountTemplate };

export type FakeSession = {
  id: string;
  aspsp: FakeAspsp;
  psuType: "personal" | "business";
  user: FakeUser;
  accounts: FakeSessionAccount[];
  validUntil: string;
  created: string;
  ended: null | "REVOKED" | "CLOSED" | "EXPIRED";
};

const memory = fakeMemory(() => ({
  authorizations: new Map<string, FakeAuthorization>(),
  codes: new Map<string, { authorizationId: string; user: FakeUser; accountIndexes: number[] }>(),
  sessions: new Map<string, FakeSession>(),
}));

export const { store, now: fakeNow, today: fakeToday, advanceClock, resetClock, attemptOf, recordCall } = memory;

/** A session's status at the fake's now: ended at the bank, past its validity, or authorized. */
export function sessionStatus(session: FakeSession): "AUTHORIZED" | "REVOKED" | "CLOSED" | "EXPIRED" {
  if (session.ended) return session.ended;
  return session.validUntil <= fakeNow().toISOString() ? "EXPIRED" : "AUTHORIZED";
}

export function endSession(id: string, how: "REVOKED" | "EXPIRED"): boolean {
  const session = store().sessions.get(id);
  if (!session) return false;
  session.ended = how;
  return true;
}

export function accountByUid(uid: string): { session: FakeSession; account: FakeSessionAccount } | null {
  for (const session of store().sessions.values()) {
    const account = session.accounts.find((a) => a.uid === uid);
    if (account) return { session, account };
  }
  return null;
}
