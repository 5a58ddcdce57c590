// The fake GoCardless's memory (sandbox/shared/memory.ts: its clock, attempt counts and calls) with
// its tokens, agreements, requisitions and the accounts they link.
import { fakeMemory } from "@/sandbox/shared/memory";
import type { FakeAccountTemplate } from "@/sandbox/enablebanking/data";
import type { FakeGcUser, FakeInstitution } from "@/sandbox/gocardless/data";

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

const memory = fakeMemory(() => ({
  tokens: new Map<string, { kind: "access" | "refresh"; until: number }>(),
  agreements: new Map<string, FakeAgreement>(),
  requisitions: new Map<string, FakeRequisition>(),
  accounts: new Map<string, FakeGcAccount>(),
}));

export const {
  store: gcStore,
  now: gcNow,
  today: gcToday,
  advanceClock: advanceGcClock,
  resetClock: resetGcClock,
  attemptOf: gcAttemptOf,
  recordCall: recordGcCall,
} = memory;

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
