// connect-bank, the verb: a pending consent of ours for a bank a person may connect. The bank is
// only asked which bank `bankId` names (no transaction open meanwhile); the consent and its audit
// row are then written in one transaction, the caller's answer with them (`commit`). Nothing here
// changes anything at a bank: the consent reaches it through initiate-redirect.ts.
//   the consent written                                                   → connect.consent-created
// A crash after the commit: the caller's retry with its Idempotency-Key replays the answer.
import "server-only";
import { validationFailed } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { Bank } from "@/lib/banking/types";
import { crashPoint } from "@/lib/crash-points";
import { prisma } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { Consent } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/consents/bank-errors";
import { consentFields } from "@/lib/accounttracking/consents/consents";
import { integrationOrFail } from "@/lib/accounttracking/consents/integrations";
import { requireRegistered } from "@/lib/accounttracking/registration";

type ConnectBank = {
  scopeId: string;
  userId: string;
  integrationName: string;
  purpose: string;
  expiryDays: number;
  bankId?: string;
  actor: AuditActor;
  commit?: Commit<Consent>;
};

export async function connectBank({ commit = transaction, actor, ...input }: ConnectBank): Promise<Consent> {
  await requireRegistered(prisma(), input.scopeId, input.userId);
  const integration = integrationOrFail(input.integrationName);
  let bank: Bank | null = null;
  if (input.bankId) {
    bank = await integration.getBank(input.bankId).catch((e: unknown) => {
      throw bankFailure(e);
    });
    if (!bank)
      throw validationFailed({
        bankId: ["Unknown bank for this integration; pick one from GET /api/accounttracking/v1/banks"],
      });
  }
  const consent = await commit(async (tx) => {
    const created = await tx.consent.create({
      data: {
        scopeId: input.scopeId,
        userId: input.userId,
        integrationName: integration.name,
        purpose: input.purpose,
        expiryDays: input.expiryDays,
        bankId: bank?.bankId ?? null,
        bankName: bank?.name ?? null,
        countryCode: bank?.countryCode ?? null,
      },
    });
    await recordAudit(tx, created.scopeId, actor, {
      action: "consent.created",
      recordType: "consent",
      recordId: created.id,
      after: consentFields(created),
    });
    return created;
  });
  crashPoint("connect.consent-created");
  return consent;
}
