// The repair tick: finishes what a crash, a dead bank or a closed laptop left half-done, and keeps
// the stored consent state fresh. Every step reads what was recorded and applies the same verb step
// a caller would, so running it twice, or beside a person's retry, changes nothing more. One process
// at a time runs a pass (an advisory lock); the worker runs it every SYNC_SWEEP_SECONDS.
//   - accepted callbacks whose outcome is not applied yet, and not in the approval checks' hands
//     (approval-checks.ts) → the approval (complete-approval.ts)
//   - revokes asked for but not finished → the revoke's bank step and move (revoke.ts)
//   - consents ended here and still owed an end at the bank → DELETE there (renewal.ts)
//   - approvals in the bank's app (decoupled) with no check due (a crash) → their SCA status
//     (check-decoupled.ts); declines read there and not applied yet → the decline
//   - sends that died between recording and the bank's answer → set aside
//   - valid consents not checked for STATUS_CHECK_HOURS → their status from the bank (a status read
//     is not an account access: it costs nothing of PSD2's 4 a day)
import { systemActor } from "@/lib/audit/actor";
import { prisma, sessionPool } from "@/lib/db/client";
import { integrationNames } from "@/lib/banking/registry";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import {
  APPROVAL_OWED,
  awaitsInAppApproval,
  moveAuthorizations,
  phasesMovableTo,
} from "@/lib/accounttracking/consents/authorization-lifecycle";
import { checkDecoupled } from "@/lib/accounttracking/consents/check-decoupled";
import { declined } from "@/lib/accounttracking/consents/complete-callback";
import { completeApproval } from "@/lib/accounttracking/consents/complete-approval";
import { GRANTS_ACCESS, statusesMovableTo } from "@/lib/accounttracking/consents/lifecycle";
import { refreshConsentStatus } from "@/lib/accounttracking/consents/refresh-consent";
import { endOwedAtBank } from "@/lib/accounttracking/consents/renewal";
import { finishRevoke } from "@/lib/accounttracking/consents/revoke-consent";

const REPAIR_LOCK = 0x4c4c_5250; // "LLRP"
const STATUS_CHECK_HOURS = 12;
const BATCH = 50;

export type RepairReport = {
  approvals: number;
  revokes: number;
  bankEnds: number;
  inAppApprovals: number;
  abandonedSends: number;
  statusChecks: number;
};

const context = (what: string) => ({ psuIpAddress: null, requestId: `repair_${what}_${Date.now()}` });

async function each<T>(items: T[], what: string, work: (item: T) => Promise<unknown>): Promise<number> {
  let done = 0;
  for (const item of items) {
    try {
      await work(item);
      done += 1;
    } catch (error) {
      log.warn(`repair: ${what} failed; the next tick tries again`, { error });
    }
  }
  return done;
}

async function pass(): Promise<RepairReport> {
  const db = prisma();
  // An accepted callback or a revoke younger than this is still being handled by its own request.
  const graceAgo = new Date(Date.now() - env.REPAIR_GRACE_SECONDS * 1000);
  // The approval checks (approval-checks.ts) ask about an unconfirmed approval for its first minute;
  // the tick takes what they gave up on, and what a crash left with no check due.
  const approvals = await db.consentAuthorization.findMany({
    where: {
      usedAt: { lt: graceAgo },
      phase: { in: [...APPROVAL_OWED] },
      OR: [{ nextCheckAt: null }, { nextCheckAt: { lt: graceAgo } }],
    },
    select: { id: true },
    take: BATCH,
  });
  const revokes = await db.consent.findMany({
    where: { revokeRequestedAt: { not: null, lt: graceAgo }, status: { in: statusesMovableTo("revoked", "person") } },
    take: BATCH,
  });
  const inApp = await db.consentAuthorization.findMany({
    where: {
      scaStatusUrl: { not: null },
      OR: [
        {
          phase: { in: phasesMovableTo("approved", "decoupled") },
          OR: [{ nextCheckAt: null }, { nextCheckAt: { lt: graceAgo } }],
        },
        { phase: { in: phasesMovableTo("completed", "callback") }, usedAt: { lt: graceAgo } },
      ],
    },
    select: { id: true, phase: true, scaStatusUrl: true },
    take: BATCH,
  });
  const owed = await db.consent.findMany({ where: { bankEndPending: true }, select: { id: true }, take: BATCH });
  const abandoned = await moveAuthorizations(db, {}, { to: "abandoned", by: "repair" });
  // Only integrations this deployment has (a consent of one switched off has nobody to ask), the
  // longest unchecked first, so a bank that keeps failing cannot starve the others' checks.
  const stale = await db.consent.findMany({
    where: {
      status: GRANTS_ACCESS,
      integrationName: { in: integrationNames() },
      OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lt: new Date(Date.now() - STATUS_CHECK_HOURS * 3_600_000) } }],
    },
    orderBy: [{ lastCheckedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: BATCH,
  });
  return {
    approvals: await each(approvals, "an approval", (a) => completeApproval(a.id, context("approval"))),
    revokes: await each(revokes, "a revoke", (consent) => {
      const revoke = context("revoke");
      return finishRevoke({ consent, context: revoke, actor: systemActor(revoke.requestId) });
    }),
    bankEnds: await each(owed, "an end at the bank", (c) => endOwedAtBank(c.id, context("bank_end"))),
    inAppApprovals: await each(inApp, "an approval in the bank's app", (a) =>
      awaitsInAppApproval(a) ? checkDecoupled(a.id, context("in_app")) : declined(a.id, context("in_app")),
    ),
    abandonedSends: abandoned.length,
    statusChecks: await each(stale, "a status check", (c) => refreshConsentStatus(c, context("status"))),
  };
}

/** One repair pass, unless another process is running one (then null). */
export async function repairConsents(): Promise<RepairReport | null> {
  // A session lock, held across the pass's many transactions: on a session of our own (sessionPool).
  const client = await sessionPool().connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [REPAIR_LOCK]);
    if (!rows[0]?.ok) return null;
    try {
      return await pass();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [REPAIR_LOCK]);
    }
  } finally {
    client.release();
  }
}
