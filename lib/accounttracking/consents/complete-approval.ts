// complete-approval, the verb: what an accepted callback (its authorization `approved`) does to the
// consent, and the only way a consent becomes valid. Steps, none inside a transaction while the
// bank answers:
//   1. Enable Banking's one-time code is exchanged for the session (the authorization moves to
//      `exchanged`, the code is forgotten)                                  → callback.code-exchanged
//   2. the bank is asked for the consent's status and, once valid, for the accounts it exposes
//   3. one transaction: pending → valid, the accounts stored, a renewal finished (renewal.ts: its
//      accounts moved, their syncs queued), the authorization completed
//                                                         → approval.consent-valid / renewal.accounts-moved
//   4. after it: a renewed consent's predecessor ended at the bank.
// Called by the callback right after it spent the state, by the worker's approval checks while the
// bank is still confirming or did not answer (approval-checks.ts: the authorization's next_check_at,
// set again here each time), and by the repair tick for any accepted callback whose outcome is not
// applied yet after that (a crash, a bank slower than a minute). Each step can run again: a finished
// authorization is left alone.
import type { AccessContext, BankAccount, BankConsent } from "@/lib/banking/types";
import { bankErrorOf } from "@/lib/banking/errors";
import { integrationFor } from "@/lib/banking/registry";
import { crashPoint } from "@/lib/crash-points";
import { prisma } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { Consent, ConsentAuthorization } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import {
  APPROVAL_OWED,
  askAgainLater,
  isExchanged,
  moveAuthorization,
  nextApprovalCheck,
} from "@/lib/accounttracking/consents/authorization-lifecycle";
import { storeConsentAccounts } from "@/lib/accounttracking/consents/consent-accounts";
import {
  approvedAtBank,
  awaitsApproval,
  GRANTS_ACCESS,
  moveConsent,
  noteConsent,
  openAtBank,
} from "@/lib/accounttracking/consents/lifecycle";
import { applyBankWord, bankFacts, endedAtBank } from "@/lib/accounttracking/consents/bank-word";
import { endOwedAtBank, finishRenewal } from "@/lib/accounttracking/consents/renewal";

const STILL_CONFIRMING = "Approved at the bank; the bank is still confirming. This usually takes a few seconds.";

type Outcome = { consent: Consent; settled: boolean };
type Owed = Pick<ConsentAuthorization, "id" | "usedAt" | "phase">;

async function complete(authorizationId: string): Promise<void> {
  await moveAuthorization(prisma(), authorizationId, { to: "completed", by: "approval" }, { code: null });
}

/** The bank has not confirmed yet: the consent says so, and the bank is asked again soon. */
async function stillConfirming(
  consent: Consent,
  auth: Owed,
  retryAfterSeconds: number | null = null,
): Promise<Outcome> {
  await askAgainLater(prisma(), auth, retryAfterSeconds);
  return { consent: await noteConsent(prisma(), consent.id, { statusReason: STILL_CONFIRMING }), settled: false };
}

/** The bank's answer could not be had: transient (try again later) or final (the person connects again). */
async function bankTrouble(consent: Consent, auth: Owed, error: unknown): Promise<Outcome> {
  const authorizationId = auth.id;
  const bank = bankErrorOf(error);
  if (bank?.code === "consent_invalid") {
    const ended = await endedAtBank(prisma(), consent, "The bank no longer recognises this consent.");
    await complete(authorizationId);
    return { consent: ended, settled: true };
  }
  if (bank?.code === "rate_limited" || bank?.code === "unavailable") {
    log.warn("approval not confirmed yet: the bank did not answer; it is asked again", {
      consentId: consent.id,
      code: bank.code,
    });
    return stillConfirming(consent, auth, bank.retryAfterSeconds);
  }
  log.warn("the bank did not confirm an approval", { consentId: consent.id, error });
  const noted = await noteConsent(prisma(), consent.id, {
    statusReason: "The bank did not confirm the approval; connect again.",
    lastCheckedAt: new Date(),
  });
  await complete(authorizationId);
  return { consent: noted, settled: true };
}

export async function completeApproval(authorizationId: string, context: AccessContext): Promise<Outcome> {
  const auth = await prisma().consentAuthorization.findUniqueOrThrow({
    where: { id: authorizationId },
    include: { consent: true },
  });
  const { consent } = auth;
  if (!APPROVAL_OWED.includes(auth.phase)) return { consent, settled: true };
  const integration = integrationFor(auth.integrationName);
  if (!awaitsApproval(consent.status) || !auth.externalId || !auth.bankId || !integration) {
    await complete(authorizationId);
    return { consent, settled: true };
  }
  const bankId = auth.bankId;
  let owed: Owed = auth;
  let externalId = auth.externalId;
  let bank: BankConsent;
  let accounts: BankAccount[] = [];
  try {
    if (integration.completeAuthorization && !isExchanged(auth.phase)) {
      if (!auth.code) {
        const noted = await noteConsent(prisma(), consent.id, {
          statusReason: "The bank came back without an authorization code; connect again.",
        });
        await complete(authorizationId);
        return { consent: noted, settled: true };
      }
      bank = await integration.completeAuthorization({ bankId, externalId, code: auth.code }, context);
      externalId = bank.externalId;
      owed =
        (await moveAuthorization(
          prisma(),
          authorizationId,
          { to: "exchanged", by: "approval", nextCheckAt: nextApprovalCheck(auth.usedAt) },
          { externalId, code: null },
        )) ?? owed;
      crashPoint("callback.code-exchanged");
    } else {
      bank = await integration.getConsent(bankId, externalId, context);
    }
    if (approvedAtBank(bank.status)) accounts = await integration.listAccounts(bankId, externalId, context);
  } catch (error) {
    return bankTrouble(consent, owed, error);
  }

  if (!approvedAtBank(bank.status)) {
    if (openAtBank(bank.status)) return stillConfirming(consent, owed);
    const ended = await applyBankWord(prisma(), consent, bank);
    await complete(authorizationId);
    return { consent: ended, settled: true };
  }

  const updated = await transaction(async (tx) => {
    const { consent: moved, moved: isValid } = await moveConsent(
      tx,
      consent.id,
      { from: consent.status, to: GRANTS_ACCESS, by: "bank" },
      {
        ...bankFacts(bank, GRANTS_ACCESS, consent),
        externalId,
        bankId,
        authorizedAt: new Date(),
        statusReason: null,
      },
    );
    if (isValid) await storeConsentAccounts(tx, consent.id, accounts);
    if (isValid && moved.renewsConsentId) await finishRenewal(tx, moved, accounts, context);
    await moveAuthorization(tx, authorizationId, { to: "completed", by: "approval" });
    return moved;
  });
  crashPoint(updated.renewsConsentId ? "renewal.accounts-moved" : "approval.consent-valid");
  if (updated.renewsConsentId) await endOwedAtBank(updated.renewsConsentId, context);
  return { consent: updated, settled: true };
}
