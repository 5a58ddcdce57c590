// Executes one sync run. Claim (atomically; a stale run of a dead worker can be taken over) →
// consent still valid? (no bank call otherwise) → PSD2 budget for unattended runs → pages, each
// upserted together with the cursor and progress in one transaction → reconcile → succeeded.
// Transient bank failures (429, 5xx): a present person's run retries in place for short waits; any
// other wait, and every unattended retry, re-queues the run after max(Retry-After, backoff), up to
// SYNC_MAX_ATTEMPTS (each unattended attempt reserves one of PSD2's 4 daily accesses). A consent the
// bank refuses: its status is updated at once, the run ends telling the person to reconnect, and the
// scheduler stops calling the bank for it. Errors are classified by discriminant (lib/sync/outcome.ts).
import { hostname } from "node:os";
import { endedAtBank } from "@/lib/accounttracking/consents/bank-word";
import { awaitsApproval, grantsAccess, isEnded, isExpired } from "@/lib/accounttracking/consents/lifecycle";
import { refreshConsentStatus } from "@/lib/accounttracking/consents/refresh-consent";
import type { BankError } from "@/lib/banking/errors";
import { createPageGuard } from "@/lib/banking/page-guard";
import { integrationFor } from "@/lib/banking/registry";
import { DEFAULT_RETRY, withRetry } from "@/lib/banking/retry";
import { crashPoint } from "@/lib/crash-points";
import { pool, prisma } from "@/lib/db/client";
import { pgTransactionWithRetry } from "@/lib/db/retry";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { recordBankBalances } from "@/lib/accounttracking/accounts/balance-history";
import { reserveUnattendedAccess } from "@/lib/sync/budget";
import { BANK_BUSY_BACKOFF, MAX_BANK_BUSY_DEFERRALS, retryDelaySeconds } from "@/lib/sync/backoff";
import { claim, type BankBusy, type RunRow } from "@/lib/sync/claim";
import {
  deferRun,
  finishRun as finish,
  giveUpQueuedRun,
  heartbeatRun as heartbeat,
  requeueRun,
} from "@/lib/sync/run-lifecycle";
import { consentEndedMessage, decideOutcome } from "@/lib/sync/outcome";
import { enqueueRun, requeuePriority } from "@/lib/sync/queue";
import { LostClaim, writePage } from "@/lib/sync/page-write";
import { RulesSeen } from "@/lib/rules/engine";
import { reconcileRun } from "@/lib/sync/reconcile";
import { observeRun, type RunOutcome, type RunSeen } from "@/lib/sync/run-observer";
import { inSpan } from "@/lib/tracing/spans";
import { windowStart } from "@/lib/sync/window";
import { FILE_ACCOUNT_NOT_SYNCED } from "@/lib/accounttracking/accounts/file-account";

export const WORKER_ID = `${hostname()}:${process.pid}`;

/** Longer waits than this re-queue the run rather than hold a worker. */
const IN_PLACE_MAX_WAIT_MS = 10_000;

/** What a person reads when the run gave up because its bank stayed busy with our other runs. */
function bankBusyMessage(): string {
  let seconds = 0;
  for (let d = 1; d <= MAX_BANK_BUSY_DEFERRALS; d += 1)
    seconds += retryDelaySeconds(d, BANK_BUSY_BACKOFF, null, () => 0.5);
  return (
    `This bank stayed busy with our other syncs: we waited ${MAX_BANK_BUSY_DEFERRALS} times over about ` +
    `${Math.round(seconds / 60)} minutes and stopped. Nothing stored was lost; the next update tries again.`
  );
}

/**
 * A run whose bank is at our concurrency limit stays queued without an attempt and comes back after
 * a jittered, growing wait (lib/sync/backoff.ts); after MAX_BANK_BUSY_DEFERRALS it fails, saying why.
 */
async function deferBankBusy(runId: string, busy: BankBusy): Promise<void> {
  if (busy.deferrals >= MAX_BANK_BUSY_DEFERRALS) {
    if (await giveUpQueuedRun(runId, bankBusyMessage()))
      log.warn("sync run gave up: its bank stayed at our concurrency limit", { runId, deferrals: busy.deferrals });
    return;
  }
  const waitSeconds = retryDelaySeconds(busy.deferrals + 1, BANK_BUSY_BACKOFF);
  if (!(await deferRun(runId, busy.deferrals, waitSeconds))) return; // no longer queued: someone else has it
  await enqueueRun(runId, waitSeconds, requeuePriority(busy.trigger));
}

type RunOptions = { pageSize?: number; maxPages?: number };

/** One attempt at a run, observed (lib/sync/run-observer.ts: its outcome, duration and rows in the metrics). */
export async function executeRun(runId: string, workerId: string = WORKER_ID, options: RunOptions = {}): Promise<void> {
  await observeRun(runId, (seen) => attemptRun(runId, workerId, options, seen));
}

async function attemptRun(runId: string, workerId: string, options: RunOptions, seen: RunSeen): Promise<RunOutcome> {
  const run = await claim(runId, workerId);
  if (!run) return "not_claimed";
  if ("bankBusy" in run) return deferBankBusy(runId, run).then(() => "deferred");
  const account = await prisma().trackedAccount.findUnique({
    where: { id: run.account_id },
    include: { consent: true },
  });
  if (!account) return failed(await finish(run.id, workerId, "failed", "The account is no longer tracked."));
  seen.integration = account.integrationName;
  seen.attempt = run.attempts;
  const consent = account.consent;
  // Never queued for one (the sync route refuses, the scheduler joins consents): a run that reached
  // here anyway fails saying why rather than crashing on the missing consent.
  if (!consent) return failed(await finish(run.id, workerId, "failed", FILE_ACCOUNT_NOT_SYNCED));
  if (!grantsAccess(consent.status) || !consent.externalId) {
    const what = awaitsApproval(consent.status) ? "has not been approved at the bank yet" : `is ${consent.status}`;
    return failed(
      await finish(
        run.id,
        workerId,
        "failed",
        `Access to this bank ${what}; reconnect to continue. Nothing was asked of the bank.`,
      ),
    );
  }
  const integration = integrationFor(account.integrationName);
  if (!integration)
    return failed(
      await finish(run.id, workerId, "failed", `The bank integration ${account.integrationName} is not enabled.`),
    );

  if (!run.attended) {
    const slot = await reserveUnattendedAccess(consent.id, account.id, run.id);
    if (!slot.reserved) {
      const next = slot.nextAllowedAt ?? "a later time";
      return failed(
        await finish(
          run.id,
          workerId,
          "failed",
          `PSD2 allows 4 unattended accesses a day for this account; the next is allowed at ${next}.`,
        ),
      );
    }
  }

  const context = {
    psuIpAddress: run.attended ? (run.psu_ip_address ?? "0.0.0.0") : null,
    requestId: `sync_${run.id}`,
  };
  let dateFrom = run.date_from ?? (await windowStart(account.id));
  if (!run.date_from) await pool().query("UPDATE sync_runs SET date_from = $2 WHERE id = $1", [run.id, dateFrom]);
  // In-place retries only while a person waits and only for short waits; unattended runs re-queue
  // instead, so every retry of theirs reserves a PSD2 access slot first.
  const retry = run.attended
    ? {
        ...DEFAULT_RETRY,
        baseMs: env.SYNC_RETRY_BASE_MS,
        maxWaitMs: IN_PLACE_MAX_WAIT_MS,
        onRetry: () => void heartbeat(run.id, workerId),
      }
    : { ...DEFAULT_RETRY, retries: 0 };
  const fetchPage = (next: string | null) =>
    withRetry(
      () =>
        integration.transactionsPage(
          account.bankId,
          consent.externalId ?? "",
          account.externalId,
          { dateFrom, next, pageSize: options.pageSize ?? env.SYNC_PAGE_SIZE },
          context,
        ),
      retry,
    );
  try {
    // Each read (pass) follows the bank's chain only while it is finite and never repeats itself.
    let guard = createPageGuard(options.maxPages, run.next_page);
    let pending = fetchPage(run.next_page);
    // A page after one that was mostly new is likely new too (a first sync, a long absence): it goes
    // to the upsert whole, without comparing hashes first (lib/sync/ingest.ts).
    let compareFirst = true;
    // The scope's rules as the last page read them: parsed and compiled again only when they change.
    const rulesSeen = new RulesSeen();
    // The bank's date of its last answer: the day a balance sent without a reference date refers to.
    let bankDay = consent.bankDate ?? new Date().toISOString().slice(0, 10);
    for (;;) {
      const page = await pending;
      bankDay = page.bankDate;
      if (page.next) guard.follow(page.next);
      // The bank's next page is requested while this one is written: the same requests, in the same
      // order, overlapped with the database. The cursor saved below still points at that next page,
      // so a crash before it is written resumes there and loses nothing. If writing fails, the
      // prefetched page is dropped (its failure, if any, is not reported twice).
      const prefetch = page.next ? fetchPage(page.next) : null;
      // Observed here only so it is never an unhandled rejection: its failure is thrown where it is
      // awaited below, or, when writing this page failed first, dropped in favour of that error.
      prefetch?.catch(() => undefined);
      // Retried in place when the database aborts it as a deadlock's victim (lib/sync/page-write.ts);
      // counted here only once it has committed, so an attempt rolled back leaves no trace.
      const counts = await inSpan(
        "sync.page",
        { "ledgerlink.sync.page": seen.pages + 1, "ledgerlink.sync.rows": page.transactions.length },
        () =>
          writePage({ runId: run.id, workerId, scopeId: run.scope_id, accountId: account.id }, page, {
            compareFirst,
            rulesSeen,
          }),
      );
      compareFirst = 2 * (counts.added + counts.updated) < page.transactions.length;
      seen.pages += 1;
      seen.added += counts.added;
      seen.updated += counts.updated;
      crashPoint("sync.page-written");
      if (prefetch) {
        pending = prefetch;
        continue;
      }
      // Pass complete: pair re-issued ids and remove what the bank no longer lists. Re-issues found in
      // the window mean older rows may carry stale ids too: one more pass over every date we hold.
      const widenFrom = await inSpan("sync.reconcile", {}, () =>
        // Retried whole on a deadlock as a page is (lib/db/retry.ts): its writes and the run's counts
        // commit together, and nothing of it is kept in memory before it has.
        pgTransactionWithRetry((client) => reconcileRun(client, { accountId: account.id, runId: run.id, dateFrom }), {
          name: "sync.reconcile",
          fields: { runId: run.id },
        }),
      );
      crashPoint("sync.reconciled");
      if (!widenFrom || !(run.attended || (await reserveUnattendedAccess(consent.id, account.id, run.id)).reserved))
        break;
      dateFrom = widenFrom;
      await pool().query("UPDATE sync_runs SET date_from = $2, next_page = NULL WHERE id = $1", [run.id, dateFrom]);
      guard = createPageGuard(options.maxPages);
      pending = fetchPage(null);
    }
    // The bank's own balance, for stats; a failure here does not fail the sync. Read while the person
    // is present; unattended only while none is known yet (an account tracked by a script and synced
    // by the schedule would otherwise never show one), and only with a PSD2 access slot of its own.
    const readBalance =
      run.attended ||
      (account.balanceAmount === null && (await reserveUnattendedAccess(consent.id, account.id, run.id)).reserved);
    const balances = readBalance
      ? await integration
          .balances(account.bankId, consent.externalId ?? "", account.externalId, context)
          .catch((error: unknown) => {
            log.warn("the bank's balances could not be read; the sync keeps the last ones", { runId: run.id, error });
            return [];
          })
      : [];
    // Every balance read is kept in the history; the account shows the most booked one.
    await recordBankBalances({ scopeId: run.scope_id, accountId: account.id, runId: run.id }, balances, bankDay);
    return (await finish(run.id, workerId, "succeeded", null)) ? "succeeded" : "lost";
  } catch (error) {
    if (error instanceof LostClaim) {
      // Not a failure: the run carries on under the worker that took it over.
      log.info("sync run lost to another worker; this worker stops", { runId: run.id, workerId });
      return "lost";
    }
    return failOrRetry(run, workerId, error, consent.id);
  }
}

/** A move to failed the worker made, or one refused because another worker holds the run. */
const failed = (moved: boolean): RunOutcome => (moved ? "failed" : "lost");

async function failOrRetry(run: RunRow, workerId: string, error: unknown, consentId: string): Promise<RunOutcome> {
  const outcome = decideOutcome(error, run.attempts, env.SYNC_MAX_ATTEMPTS, new Date(), env.SYNC_BACKOFF_SECONDS);
  switch (outcome.kind) {
    case "consent_ended":
      return failed(await finish(run.id, workerId, "failed", await endConsent(run, consentId, outcome.bank)));
    case "retry": {
      if (!(await requeueRun(run.id, workerId, outcome.waitSeconds, outcome.message))) return "lost";
      await enqueueRun(run.id, outcome.waitSeconds, requeuePriority(run.trigger));
      return "retried";
    }
    case "failed":
      if (outcome.internal) log.error("sync failed", { runId: run.id, error });
      else log.warn("sync failed at the bank", { runId: run.id, error });
      return failed(await finish(run.id, workerId, "failed", outcome.message));
    default: {
      const exhaustive: never = outcome;
      return exhaustive;
    }
  }
}

/**
 * The bank refused the consent while we read: ask it for the consent's status and store it at once
 * (expired, revoked…), so the scheduler stops calling the bank. If the bank's status endpoint cannot
 * say, its refusal is the answer: the consent has ended there. Stored transactions are kept.
 */
async function endConsent(run: RunRow, consentId: string, bank: BankError): Promise<string> {
  const context = { psuIpAddress: null, requestId: `sync_${run.id}` };
  let consent = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
  const before = consent;
  consent = await refreshConsentStatus(consent, context).catch((error: unknown) => {
    log.warn("the bank refused the consent and its status could not be read; its refusal is the answer", {
      runId: run.id,
      error,
    });
    return before;
  });
  if (!isEnded(consent.status)) {
    const expired = bank.bankCode === "CONSENT_EXPIRED";
    consent = await endedAtBank(
      prisma(),
      consent,
      expired ? "The consent expired at the bank." : "The bank no longer accepts this consent.",
      expired,
    );
  }
  const bankDay = bank.bankDate ?? consent.bankDate ?? new Date().toISOString().slice(0, 10);
  return consentEndedMessage(isExpired(consent.status), bankDay);
}
