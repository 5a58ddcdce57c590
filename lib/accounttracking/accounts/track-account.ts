// track-account, the verb: which bank account the request means (from the accounts the consent
// exposes, as stored at approval: no bank call, so ten people clicking Track at once cost the bank
// nothing), then, in one transaction: the tracked account, its audit row, its account.tracked event,
// and its first sync run with the run's job (a unique key on the bank account makes a concurrent
// second attempt a 409). The caller's answer may commit with them (`commit`).
//   the account tracked, its run queued                                      → track.account-created
import "server-only";
import { conflict, validationFailed } from "@/lib/errors";
import type { AccessContext } from "@/lib/banking/types";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import { crashPoint } from "@/lib/crash-points";
import type { Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { SyncRun, TrackedAccount } from "@/lib/generated/prisma/client";
import { consentAccounts } from "@/lib/accounttracking/consents/consents";
import { GRANTS_ACCESS } from "@/lib/accounttracking/consents/lifecycle";
import { requireRegistered } from "@/lib/accounttracking/registration";
import { nextUpdateAt } from "@/lib/sync/scheduler";
import { requestRun } from "@/lib/sync/service";
import { emitEvent } from "@/lib/webhooks/outbox";

type TrackInput = {
  scopeId: string;
  userId: string;
  bankId: string;
  countryCode: string;
  accountType: "private" | "company" | "payment";
  consentId?: string;
  accountId?: string;
  autoUpdatesPerDay?: number;
};

export type Tracked = { account: TrackedAccount; run: SyncRun };

type TrackAccount = TrackInput & { context: AccessContext; actor: AuditActor; commit?: Commit<Tracked> };

export async function trackAccount({ context, actor, commit = transaction, ...input }: TrackAccount) {
  const tracked = await commit((tx) => track(tx, input, context, actor));
  crashPoint("track.account-created");
  return tracked;
}

/**
 * Which bank account the request names: under the given (or the only valid) consent at that bank,
 * the given bank account id, or the only shared account of that type. Then the tracked account and
 * its first sync run, in `db`.
 */
async function track(db: Tx, input: TrackInput, context: AccessContext, actor: AuditActor): Promise<Tracked> {
  await requireRegistered(db, input.scopeId, input.userId);
  const consents = await db.consent.findMany({
    where: {
      scopeId: input.scopeId,
      bankId: input.bankId,
      status: GRANTS_ACCESS,
      ...(input.consentId ? { id: input.consentId } : {}),
    },
    orderBy: { createdAt: "desc" },
  });
  if (consents.length === 0) {
    throw conflict(
      input.consentId
        ? "That consent is not valid for this bank. Check its status or renew it."
        : "No valid consent for this bank in this scope. Connect the bank first (POST /consents).",
    );
  }
  if (consents.length > 1 && !input.accountId) {
    throw validationFailed({ consentId: ["Several valid consents for this bank: send consentId to choose one"] });
  }
  const consent = consents[0];
  if (consent.countryCode && consent.countryCode !== input.countryCode) {
    throw validationFailed({ countryCode: [`This bank is in ${consent.countryCode}`] });
  }
  const { accounts: exposed, refreshedAt } = await consentAccounts(db, consent);
  if (!refreshedAt) {
    throw conflict(
      "The bank's list of accounts for this consent has not been read yet: refresh it first (POST /consents/{consent}/refresh).",
    );
  }
  const ofType = exposed.filter((a) => a.accountType === input.accountType);
  let chosen = input.accountId ? exposed.find((a) => a.externalId === input.accountId) : undefined;
  if (input.accountId && !chosen)
    throw validationFailed({
      accountId: ["The consent exposes no account with this id; see GET /consents/{id}/accounts"],
    });
  if (chosen && chosen.accountType !== input.accountType)
    throw validationFailed({ accountType: [`That account is a ${chosen.accountType} account`] });
  if (!chosen) {
    if (ofType.length === 0)
      throw validationFailed({ accountType: [`The consent exposes no ${input.accountType} account`] });
    if (ofType.length > 1) {
      // The candidates, each with the accountId to send, so a caller can choose without another call.
      const candidates = ofType.map(
        (a) => `accountId ${a.externalId}: ${[a.name, a.iban, a.currency].filter(Boolean).join(", ")}`,
      );
      throw validationFailed({
        accountId: [
          `Several ${input.accountType} accounts: send accountId, one of ${ofType.map((a) => a.externalId).join(", ")}`,
          ...candidates,
        ],
      });
    }
    chosen = ofType[0];
  }
  const account = chosen;

  const existing = await db.trackedAccount.findFirst({
    where: {
      scopeId: input.scopeId,
      integrationName: consent.integrationName,
      bankId: input.bankId,
      externalId: account.externalId,
    },
  });
  if (existing) throw conflict(`This account is already tracked (id ${existing.id}).`);
  const perDay = input.autoUpdatesPerDay ?? 2;
  const tracked = await db.trackedAccount.create({
    data: {
      scopeId: input.scopeId,
      consentId: consent.id,
      integrationName: consent.integrationName,
      bankId: input.bankId,
      bankName: consent.bankName,
      countryCode: input.countryCode,
      accountType: account.accountType,
      externalId: account.externalId,
      iban: account.iban,
      currency: account.currency,
      name: account.name,
      product: account.product,
      ownerName: account.ownerName,
      autoUpdatesPerDay: perDay,
      nextScheduledAt: nextUpdateAt(new Date(), perDay),
      createdById: input.userId,
    },
  });
  await recordAudit(db, input.scopeId, actor, {
    action: "account.tracked",
    recordType: "account",
    recordId: tracked.id,
    after: {
      consentId: tracked.consentId,
      bankId: tracked.bankId,
      bankName: tracked.bankName,
      accountType: tracked.accountType,
      bankAccountId: tracked.externalId,
      iban: tracked.iban,
      currency: tracked.currency,
      name: tracked.name,
      autoUpdatesPerDay: tracked.autoUpdatesPerDay,
    },
  });
  await emitEvent(db, input.scopeId, {
    type: "account.tracked",
    data: {
      accountId: tracked.id,
      consentId: tracked.consentId,
      bankName: tracked.bankName,
      name: tracked.name,
      currency: tracked.currency,
    },
  });
  const { run } = await requestRun(db, {
    scopeId: input.scopeId,
    accountId: tracked.id,
    trigger: "manual",
    attended: context.psuIpAddress !== null,
    psuIpAddress: context.psuIpAddress,
  });
  return { account: tracked, run };
}
