// The fake GoCardless's memory: its clock, tokens, agreements, requisitions, the accounts they
// link, and per-request attempt counts (which make the fault scenarios deterministic). Plain data on
// globalThis, so Next's route module and a test's HTTP server in one process see one fake.
import type { FakeAccountTemplate } from "@/lib/enablebanking-fake/data";
import type { FakeGcUser, FakeInstitution } from "@/lib/gocardless-fake/data";

export type FakeAgreement = {
  id: string;
  created: string;
  institution: FakeInstitution;
  maxHistoricalDays: number;
  accessValidForDays: number;
  accessScope: string[];
  accepted: string | null;
};

export type FakeRequisition = {
  id: string;
  created: string;
  redirect: string;
  reference: string;
  institution: FakeInstitution;
  agreement: FakeAgreement;
  status: "CR" | "LN" | "RJ" | "SU";
  user: FakeGcUser | null;
  accountIds: string[];
  deleted: boolean;
};

export type FakeGcAccount = { id: string; requisitionId: string; template: FakeAccountTemplate; user: FakeGcUser };

type FakeGcCall = { method: string; path: string; status: number };

type Store = {
  offsetDays: number;
  tokens: Map<string, { kind: "access" | "refresh"; until: number }>;
  agreements: Map<string, FakeAgreement>;
  requisitions: Map<string, FakeRequisition>;
  accounts: Map<string, FakeGcAccount>;
  attempts: Map<string, number>;
  calls: FakeGcCall[];
};

const KEY = Symbol.for("ledgerlink.gocardless-fake");
const holder = globalThis as typeof globalThis & { [KEY]?: Store };

export function gcStore(): Store {
  holder[KEY] ??= {
    offsetDays: 0,
    tokens: new Map(),
    agreements: new Map(),
    requisitions: new Map(),
    accounts: new Map(),
    attempts: new Map(),
    calls: [],
  };
  return holder[KEY];
}

/** The fake's now: the real instant moved by whole days. */
export const gcNow = () => new Date(Date.now() + gcStore().offsetDays * 86_400_000);
export const gcToday = () => gcNow().toISOString().slice(0, 10);

export function advanceGcClock(days: number): void {
  gcStore().offsetDays += days;
}

export function resetGcClock(): void {
  gcStore().offsetDays = 0;
}

/** The agreement's end: acceptance plus its days (not yet accepted: not running). */
function agreementEnd(agreement: FakeAgreement): Date | null {
  return agreement.accepted
    ? new Date(Date.parse(agreement.accepted) + agreement.accessValidForDays * 86_400_000)
    : null;
}

/** A requisition's status at the fake's now: linked until its agreement's days are over. */
export function requisitionStatus(r: FakeRequisition): FakeRequisition["status"] | "EX" {
  const end = agreementEnd(r.agreement);
  if (r.status === "LN" && end && end <= gcNow()) return "EX";
  return r.status;
}

/** Ends a linked requisition at the bank: its agreement expired, or GoCardless suspended it. */
export function endRequisition(id: string, how: "EX" | "SU"): boolean {
  const r = gcStore().requisitions.get(id);
  if (!r || r.status !== "LN" || !r.agreement.accepted) return false;
  if (how === "SU") r.status = "SU";
  else
    r.agreement.accepted = new Date(
      gcNow().getTime() - r.agreement.accessValidForDays * 86_400_000 - 1000,
    ).toISOString();
  return true;
}

/** How many times this exact request was made before (the fault scenarios fail first attempts). */
export function gcAttemptOf(key: string): number {
  const n = gcStore().attempts.get(key) ?? 0;
  gcStore().attempts.set(key, n + 1);
  return n;
}
