// The fake's memory: its clock, pending authorizations, one-time codes, sessions and per-page call
// counts (which make the fault scenarios deterministic). Plain data on globalThis, so Next's route
// modules and a test's HTTP server in the same process see one fake; it holds no classes.
import type { FakeAccountTemplate, FakeAspsp, FakeUser } from "@/lib/enablebanking-fake/data";

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

type FakeCall = { method: string; path: string; status: number; psuIp: string | null };

type Store = {
  offsetDays: number;
  authorizations: Map<string, FakeAuthorization>;
  codes: Map<string, { authorizationId: string; user: FakeUser; accountIndexes: number[] }>;
  sessions: Map<string, FakeSession>;
  attempts: Map<string, number>;
  calls: FakeCall[];
};

const KEY = Symbol.for("ledgerlink.enablebanking-fake");
const holder = globalThis as typeof globalThis & { [KEY]?: Store };

export function store(): Store {
  holder[KEY] ??= {
    offsetDays: 0,
    authorizations: new Map(),
    codes: new Map(),
    sessions: new Map(),
    attempts: new Map(),
    calls: [],
  };
  return holder[KEY];
}

/** The fake's now: the real instant moved by whole days. */
export function fakeNow(): Date {
  return new Date(Date.now() + store().offsetDays * 86_400_000);
}

export const fakeToday = () => fakeNow().toISOString().slice(0, 10);

export function advanceClock(days: number): void {
  store().offsetDays += days;
}

export function resetClock(): void {
  store().offsetDays = 0;
}

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

/** How many times this exact request was made before (the fault scenarios fail first attempts). */
export function attemptOf(key: string): number {
  const attempts = store().attempts;
  const n = attempts.get(key) ?? 0;
  attempts.set(key, n + 1);
  return n;
}
