// check-decoupled, the verb: one question to the bank about an approval the account holder gives in
// the bank's app (NextGenPSD2's decoupled SCA approach; nothing comes back by redirect). The approval
// checks run it when the authorization's next_check_at is due (approval-checks.ts), the repair tick
// when none is (a crash). Its answer moves the authorization as a callback would, then the same verb
// applies it:
//   finalised → sent → approved (the state spent)     → decoupled.sca-finalised → complete-approval.ts
//   failed    → sent → declined                       → decoupled.sca-failed    → the decline (complete-callback.ts)
//   waiting   → stays sent, asked again (a quarter of the wait, at most every 2 s) until our wait ends;
//               then abandoned, its consent at the bank ended, ours left pending to try again.
// A crash after a move leaves an approval or a decline to apply, which the approval checks and the
// repair tick apply, as after a callback.
import "server-only";
import type { AccessContext } from "@/lib/banking/types";
import { bankErrorOf } from "@/lib/banking/errors";
import { integrationFor } from "@/lib/banking/registry";
import { crashPoint } from "@/lib/crash-points";
import { prisma } from "@/lib/db/client";
import { log } from "@/lib/log";
import {
  awaitsInAppApproval,
  moveAuthorization,
  nextApprovalCheck,
} from "@/lib/accounttracking/consents/authorization-lifecycle";
import { completeApproval } from "@/lib/accounttracking/consents/complete-approval";
import { declined } from "@/lib/accounttracking/consents/complete-callback";
import { endUnused } from "@/lib/accounttracking/consents/initiate-redirect";
import { awaitsApproval, noteConsent } from "@/lib/accounttracking/consents/lifecycle";

/** A person watches the page: the app's answer is seen within 2 s. */
const LONGEST_PAUSE_MS = 2_000;

export async function checkDecoupled(authorizationId: string, context: AccessContext): Promise<void> {
  const db = prisma();
  const auth = await db.consentAuthorization.findUniqueOrThrow({
    where: { id: authorizationId },
    include: { consent: true },
  });
  const integration = integrationFor(auth.integrationName);
  if (!awaitsInAppApproval(auth) || !auth.scaStatusUrl || !auth.bankId || !auth.externalId) return;
  const { bankId, externalId } = auth;
  const giveUp = async (statusReason: string | null) => {
    const moved = await moveAuthorization(db, auth.id, { to: "abandoned", by: "decoupled" });
    if (!moved || !integration) return;
    if (statusReason) await noteConsent(db, auth.consentId, { statusReason });
    await endUnused(integration, bankId, externalId, context);
  };
  if (!awaitsApproval(auth.consent.status) || !integration?.scaStatus) return giveUp(null);
  if (auth.expiresAt <= new Date())
    return giveUp("Not approved in the banking app in time; nothing was shared. Connect again to retry.");

  const askAgain = (retryAfterSeconds: number | null = null) =>
    moveAuthorization(db, auth.id, {
      to: "sent",
      by: "decoupled",
      nextCheckAt: nextApprovalCheck(auth.createdAt, retryAfterSeconds, new Date(), {
        until: auth.expiresAt,
        longestPauseMs: LONGEST_PAUSE_MS,
      }),
    });
  let status;
  try {
    status = await integration.scaStatus(bankId, auth.scaStatusUrl, context);
  } catch (error) {
    log.warn("the bank's SCA status could not be read; it is asked again", {
      consentId: auth.consentId,
      bankErrorCode: bankErrorOf(error)?.code ?? "internal",
      error,
    });
    await askAgain(bankErrorOf(error)?.retryAfterSeconds ?? null);
    return;
  }
  if (status === "waiting") {
    await askAgain();
    return;
  }
  if (status === "finalised") {
    const approved = await moveAuthorization(db, auth.id, { to: "approved", by: "decoupled" }, { outcome: "approved" });
    if (!approved) return;
    crashPoint("decoupled.sca-finalised");
    await completeApproval(auth.id, context);
    return;
  }
  const refused = await moveAuthorization(db, auth.id, { to: "declined", by: "decoupled" }, { outcome: "declined" });
  if (!refused) return;
  crashPoint("decoupled.sca-failed");
  await declined(auth.id, context);
}
