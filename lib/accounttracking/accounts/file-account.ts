// Accounts kept from statement files (issue 37): a bank without PSD2 access, or the months before a
// connection. Such an account has no consent and is never synced; its rows come from camt.053, MT940
// and CSV imports (lib/statements/import/), which work for it as for any tracked account.
//
// What marks one: integrationName = bankId = "file" (FILE_INTEGRATION) and consentId null; the
// migration's CHECK tracked_accounts_file_has_no_consent holds the two together. The unique key
// (scope, integration, bank, externalId) still holds through a generated externalId, so two file
// accounts with the same IBAN may exist (a person may keep a closed one and its successor apart).
//
// create-file-account, the verb: in one transaction, the account and its audit row and its
// account.tracked event. Nothing is scheduled (autoUpdatesPerDay 0, no nextScheduledAt; the
// scheduler joins consents, so it could not pick one anyway).
import "server-only";
import { randomUUID } from "node:crypto";
import { conflict } from "@/lib/errors";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import type { TrackedAccount } from "@/lib/generated/prisma/client";
import { requireRegistered } from "@/lib/accounttracking/registration";
import { emitEvent } from "@/lib/webhooks/outbox";

/** The integration (and bank) name of an account kept from statement files. */
export const FILE_INTEGRATION = "file";

/**
 * The country an account without an IBAN is filed under: ISO 3166-1's user-assigned "XX"
 * (unknown). An IBAN names its country, so an account with one takes it from there.
 */
export const UNKNOWN_COUNTRY = "XX";

export const isFileAccount = (account: Pick<TrackedAccount, "integrationName">) =>
  account.integrationName === FILE_INTEGRATION;

/** The message of every sync refused for a file account (the sync route's 409, the runner's failure). */
export const FILE_ACCOUNT_NOT_SYNCED = "This account is kept from statement files; import a statement instead.";

/** Refuses what only a bank connection can do (a sync, automatic updates) for a file account: 409. */
export function refuseForFileAccount(account: Pick<TrackedAccount, "integrationName">): void {
  if (isFileAccount(account)) throw conflict(FILE_ACCOUNT_NOT_SYNCED);
}

export type FileAccountInput = {
  scopeId: string;
  userId: string;
  name: string;
  /** Compact and upper-case (the body's schema normalises it), or null. */
  iban: string | null;
  currency: string;
  bankName: string | null;
  accountType: "private" | "company" | "payment";
};

type CreateFileAccount = FileAccountInput & { actor: AuditActor; commit?: Commit<TrackedAccount> };

export function createFileAccount({ actor, commit = transaction, ...input }: CreateFileAccount) {
  return commit((tx) => create(tx, input, actor));
}

async function create(db: Tx, input: FileAccountInput, actor: AuditActor): Promise<TrackedAccount> {
  await requireRegistered(db, input.scopeId, input.userId);
  const account = await db.trackedAccount.create({
    data: {
      scopeId: input.scopeId,
      consentId: null,
      integrationName: FILE_INTEGRATION,
      bankId: FILE_INTEGRATION,
      bankName: input.bankName,
      countryCode: input.iban ? input.iban.slice(0, 2) : UNKNOWN_COUNTRY,
      accountType: input.accountType,
      // No bank gives it an id: a generated one keeps the unique key meaningful.
      externalId: `file_${randomUUID()}`,
      iban: input.iban,
      currency: input.currency,
      name: input.name,
      autoUpdatesPerDay: 0,
      nextScheduledAt: null,
      createdById: input.userId,
    },
  });
  await recordAudit(db, input.scopeId, actor, {
    action: "account.file_account_created",
    recordType: "account",
    recordId: account.id,
    after: {
      bankName: account.bankName,
      accountType: account.accountType,
      iban: account.iban,
      currency: account.currency,
      name: account.name,
    },
  });
  await emitEvent(db, input.scopeId, {
    type: "account.tracked",
    data: {
      accountId: account.id,
      consentId: null,
      bankName: account.bankName,
      name: account.name,
      currency: account.currency,
    },
  });
  return account;
}
