// Tracked accounts: which bank account a request means, the record, sync status and auto-updates.
import { notFound } from "@/lib/errors";
import { createdAtKeyset } from "@/lib/pagination";
import type { z } from "zod";
import type { SyncRunSchema } from "@/lib/openapi/schemas/accounttracking";
import { auditedChanges, type Audited } from "@/lib/audit/audited-change";
import { pool, type Tx } from "@/lib/db/client";
import type { AccountTracking, Consent, SyncRun, TrackedAccount } from "@/lib/generated/prisma/client";
import { budgetFor } from "@/lib/sync/budget";
import { isActiveRun, isQueued, SUCCEEDED } from "@/lib/sync/run-lifecycle";
import { nextUpdateAt } from "@/lib/sync/scheduler";
import { isFileAccount } from "@/lib/accounttracking/accounts/file-account";

type RunData = z.input<typeof SyncRunSchema>;

export function serializeRun(run: SyncRun): RunData;
export function serializeRun(run: SyncRun | null): RunData | null;
export function serializeRun(run: SyncRun | null): RunData | null {
  if (!run) return null;
  return {
    id: run.id,
    state: run.state,
    trigger: run.trigger,
    attended: run.attended,
    progress: {
      pages: run.pages,
      added: run.added,
      updated: run.updated,
      removed: run.removed,
      reissued: run.reissued,
      dateFrom: run.dateFrom,
      readFrom: run.seenFrom,
      readTo: run.seenTo,
    },
    attempts: run.attempts,
    lastError: run.lastError,
    retryAt: isQueued(run.state) ? (run.notBefore?.toISOString() ?? null) : null,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    heartbeatAt: run.heartbeatAt?.toISOString() ?? null,
  };
}

/**
 * What an account's health is derived from besides its runs: the bank connection it syncs under
 * (null: an account kept from statement files has none).
 */
type AccessFacts = Pick<Consent, "status" | "expiresAt"> | null;

export function serializeAccount(account: TrackedAccount, latestRun: SyncRun | null, consent: AccessFacts) {
  return {
    id: account.id,
    source: isFileAccount(account) ? ("file" as const) : ("bank" as const),
    consentId: account.consentId,
    integrationName: account.integrationName,
    bankId: account.bankId,
    bankName: account.bankName,
    countryCode: account.countryCode,
    accountType: account.accountType,
    bankAccountId: account.externalId,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    nickname: account.nickname,
    product: account.product,
    ownerName: account.ownerName,
    balance:
      account.balanceAmount === null
        ? null
        : { amount: account.balanceAmount.toString(), currency: account.currency, date: account.balanceDate },
    autoUpdatesPerDay: account.autoUpdatesPerDay,
    nextScheduledAt: account.nextScheduledAt?.toISOString() ?? null,
    lastSyncedAt: account.lastSyncedAt?.toISOString() ?? null,
    createdAt: account.createdAt.toISOString(),
    latestSync: serializeRun(latestRun),
    access: consent && { status: consent.status, expiresAt: consent.expiresAt?.toISOString() ?? null },
    trackingState: account.trackingState,
    trackingChangedAt: account.trackingChangedAt?.toISOString() ?? null,
    hidden: account.hidden,
  };
}

/** One account as the API answers it: with its latest run and its bank connection's status. */
export async function accountView(db: Tx, account: TrackedAccount) {
  const consent =
    account.consentId === null
      ? null
      : await db.consent.findUniqueOrThrow({
          where: { id: account.consentId },
          select: { status: true, expiresAt: true },
        });
  return serializeAccount(account, await latestRun(db, account.id), consent);
}

export async function findAccount(db: Tx, scopeId: string, id: string): Promise<TrackedAccount> {
  const account = await db.trackedAccount.findFirst({ where: { id, scopeId } });
  if (!account) throw notFound("Account");
  return account;
}

/** The hot-path check that an account exists in the scope (one indexed pg query, no ORM). */
export async function requireAccountId(scopeId: string, id: string): Promise<string> {
  const { rows } = await pool().query<{ id: string }>(
    "SELECT id FROM tracked_accounts WHERE id = $1 AND scope_id = $2",
    [id, scopeId],
  );
  if (!rows[0]) throw notFound("Account");
  return rows[0].id;
}

export async function latestRun(db: Tx, accountId: string): Promise<SyncRun | null> {
  return db.syncRun.findFirst({ where: { accountId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

type AccountsQuery = {
  perPage: number;
  cursor?: string;
  "filter[trackingState]"?: AccountTracking[];
  "filter[hidden]"?: boolean;
};

/** Every account of the scope by default (hidden and archived ones too); the filters narrow it. */
export async function listAccounts(db: Tx, scopeId: string, query: AccountsQuery) {
  const states = query["filter[trackingState]"];
  const hidden = query["filter[hidden]"];
  // The filters are part of the cursor's name: a cursor of one filtered list is refused by another.
  const name = `accounts:${scopeId}:${states?.join(",") ?? "*"}:${hidden ?? "*"}`;
  const keyset = createdAtKeyset({ name }, query, "asc");
  const rows = await db.trackedAccount.findMany({
    ...keyset.args({
      scopeId,
      ...(states ? { trackingState: { in: states } } : {}),
      ...(hidden === undefined ? {} : { hidden }),
    }),
    include: {
      syncRuns: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 },
      consent: { select: { status: true, expiresAt: true } },
    },
  });
  const page = keyset.page(rows);
  return {
    items: page.items.map(({ syncRuns, consent, ...a }) => serializeAccount(a, syncRuns[0] ?? null, consent)),
    meta: page.meta,
  };
}

export async function syncStatus(db: Tx, account: TrackedAccount) {
  const run = await latestRun(db, account.id);
  const lastSuccess = await db.syncRun.findFirst({
    where: { accountId: account.id, state: SUCCEEDED },
    orderBy: { finishedAt: "desc" },
  });
  // An account kept from statement files asks no bank anything: no accesses used, none to use.
  const budget =
    account.consentId === null
      ? { used: 0, left: 0, nextAllowedAt: null }
      : await budgetFor(account.consentId, account.id);
  return {
    accountId: account.id,
    running: run ? isActiveRun(run.state) : false,
    state: run?.state ?? ("never_synced" as const),
    run: serializeRun(run),
    lastSucceededAt: lastSuccess?.finishedAt?.toISOString() ?? null,
    autoUpdatesPerDay: account.autoUpdatesPerDay,
    nextScheduledAt: account.nextScheduledAt?.toISOString() ?? null,
    psd2: {
      unattendedAccessesPerDay: 4,
      usedLast24h: budget.used,
      left: budget.left,
      nextAllowedAt: budget.nextAllowedAt,
    },
  };
}

export type AccountEdit = Audited<TrackedAccount> & { account: TrackedAccount };

/** An audited change of the account's own fields (the verbs below, and housekeeping.ts's). */
export const accountChange = auditedChanges<TrackedAccount>("account", (tx, account, data) =>
  tx.trackedAccount.update({ where: { id: account.id }, data }),
);

/** How many automatic updates a day (0–3), and when the next one is due; audited. */
export function setAutoUpdates({ account, timesPerDay, ...audited }: AccountEdit & { timesPerDay: number }) {
  const data = { autoUpdatesPerDay: timesPerDay, nextScheduledAt: nextUpdateAt(new Date(), timesPerDay) };
  return accountChange({
    ...audited,
    record: account,
    action: "account.auto_updates_changed",
    data,
    shown: ["autoUpdatesPerDay"],
  });
}

export const autoUpdateView = (account: TrackedAccount) => ({
  accountId: account.id,
  autoUpdatesPerDay: account.autoUpdatesPerDay,
  nextScheduledAt: account.nextScheduledAt?.toISOString() ?? null,
});

/** The person's own name for the account (null: the bank's name again), recorded in the audit trail. */
export function setNickname({ account, nickname, ...audited }: AccountEdit & { nickname: string | null }) {
  return accountChange({ ...audited, record: account, action: "account.nickname_changed", data: { nickname } });
}
