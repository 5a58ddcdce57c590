// complete-callback, the verb: the bank's redirect back (the redirect out is initiate-redirect.ts).
//   1. the one-time state is checked (integration, expiry, single use, the browser binding of a
//      UI-started flow); a refused callback changes nothing
//   2. the state is spent: the authorization moves sent → approved | declined, once, whatever the
//      number of callbacks racing (authorization-lifecycle.ts)                → callback.state-spent
//   3. the outcome is applied: an approval by complete-approval.ts; a cancel is confirmed with the
//      bank first (declined below)
// and the browser is sent to a page that says what happened. A crash after 2 leaves an approval to
// apply, which the repair tick applies (repair.ts); a cancel is applied by the person's next try.
import type { AccessContext } from "@/lib/banking/types";
import { bankErrorOf } from "@/lib/banking/errors";
import { integrationFor } from "@/lib/banking/registry";
import { crashPoint } from "@/lib/crash-points";
import { prisma } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { appUrl } from "@/lib/env";
import type { Consent } from "@/lib/generated/prisma/client";
import { completeApproval } from "@/lib/accounttracking/consents/complete-approval";
import { isSpent, moveAuthorization } from "@/lib/accounttracking/consents/authorization-lifecycle";
import {
  approvedAtBank,
  awaitsApproval,
  cancelStandsAtBank,
  moveConsent,
  noteConsent,
} from "@/lib/accounttracking/consents/lifecycle";
import { applyBankWord } from "@/lib/accounttracking/consents/bank-word";
import { BINDING_COOKIE, sha256 } from "@/lib/accounttracking/consents/initiate-redirect";
import { readCookie } from "@/lib/server/cookies";
import { log } from "@/lib/log";

type CallbackRejection =
  "missing_state" | "unknown_state" | "wrong_integration" | "expired_state" | "used_state" | "other_browser";

const PUBLIC_RESULT_PATH = "/bank-connection-result";

/** Our signed-in result page; a flow started through the API (no browser of ours) ends on the public one. */
function resultPage(params: Record<string, string>, publicPage = false): string {
  return `${appUrl()}${publicPage ? PUBLIC_RESULT_PATH : "/connect/result"}?${new URLSearchParams(params)}`;
}

type Row = { bindingHash: string | null; returnTo: string | null; consentId: string };

/**
 * Where a refused callback lands. A flow started in our UI (its row is browser-bound, or no row is
 * known and the browser carries our binding cookie) → the signed-in result page. A flow started
 * through the API → its returnTo with the error, else the public page: the person there may have
 * no account with us, and must never meet our sign-in page.
 */
function refusedPage(reason: CallbackRejection, row: Row | null, cookieHeader: string | null): string {
  const fromUi = row ? row.bindingHash !== null : readCookie(cookieHeader, BINDING_COOKIE) !== null;
  if (fromUi) return resultPage({ outcome: "error", reason });
  if (row?.returnTo) {
    const target = new URL(row.returnTo);
    target.searchParams.set("consentId", row.consentId);
    target.searchParams.set("error", reason);
    return target.toString();
  }
  return resultPage({ outcome: "error", reason }, true);
}
/**
 * The bank's "nok" redirect with a genuine state. The redirect alone does not end the consent:
 * the bank is asked first (a person may press Cancel after the bank approved, or the nok URI may be
 * reached by mistake). Approved at the bank → the approval (approval.ts); declined or still open
 * there → rejected; expired or revoked there → that; the bank unreachable → still pending, saying
 * so (nothing is ended on an unconfirmed word).
 */
export async function declined(authorizationId: string, context: AccessContext): Promise<Consent> {
  const db = prisma();
  const auth = await db.consentAuthorization.findUniqueOrThrow({
    where: { id: authorizationId },
    include: { consent: true },
  });
  const done = () => moveAuthorization(db, authorizationId, { to: "completed", by: "callback" });
  const { consent } = auth;
  // The consent's end and the cancel's completion commit together.
  const reject = () =>
    transaction(async (tx) => {
      const { consent: moved } = await moveConsent(
        tx,
        consent.id,
        { from: consent.status, to: "rejected", by: "bank" },
        { statusReason: "The account holder declined or cancelled at the bank." },
      );
      await moveAuthorization(tx, authorizationId, { to: "completed", by: "callback" });
      return moved;
    });
  if (!awaitsApproval(consent.status)) {
    await done();
    return consent;
  }
  const integration = integrationFor(auth.integrationName);
  if (!auth.externalId || !auth.bankId || !integration) return reject();
  let bank;
  try {
    bank = await integration.getConsent(auth.bankId, auth.externalId, context);
  } catch (error) {
    // The error itself, not only its kind: an internal one needs its stack. (A field named `code`
    // would be redacted by the logger, which treats it as an OAuth code.)
    log.warn("a cancellation could not be confirmed at the bank; the consent stays pending", {
      consentId: consent.id,
      bankErrorCode: bankErrorOf(error)?.code ?? "internal",
      error,
    });
    await done();
    return noteConsent(db, consent.id, {
      statusReason: "The bank reported a cancellation that we could not confirm yet; check the status again.",
      lastCheckedAt: new Date(),
    });
  }
  if (approvedAtBank(bank.status)) {
    await moveAuthorization(db, authorizationId, { to: "approved", by: "approval" }, { outcome: "approved" });
    return (await completeApproval(authorizationId, context)).consent;
  }
  if (cancelStandsAtBank(bank.status)) return reject();
  const ended = await applyBankWord(db, consent, bank);
  await done();
  return ended;
}

/** Handles the bank's redirect back; returns where to send the browser. */
export async function completeCallback(input: {
  integration: string;
  url: URL;
  cookieHeader: string | null;
  context: AccessContext;
}) {
  let row: Row | null = null;
  const reject = (reason: CallbackRejection) => ({
    location: refusedPage(reason, row, input.cookieHeader),
    rejected: reason,
  });
  const state = input.url.searchParams.get("state");
  if (!state) return reject("missing_state");
  const db = prisma();
  const found = await db.consentAuthorization.findUnique({ where: { stateHash: sha256(state) } });
  if (!found) return reject("unknown_state");
  row = found;
  if (found.integrationName !== input.integration) return reject("wrong_integration");
  if (isSpent(found)) return reject("used_state");
  if (found.expiresAt <= new Date()) return reject("expired_state");
  if (found.bindingHash) {
    const cookie = readCookie(input.cookieHeader, BINDING_COOKIE);
    if (!cookie || sha256(cookie) !== found.bindingHash) return reject("other_browser");
  }
  // NextGenPSD2 banks come back to our result=ok|nok URLs; Enable Banking appends `code`, or `error`.
  const approved = input.url.searchParams.get("result") !== "nok" && !input.url.searchParams.has("error");
  // Spend the state exactly once, even if two callbacks race. Enable Banking's one-time code is kept
  // with it until exchanged, so a crash before the exchange does not lose the approval.
  const code = approved ? input.url.searchParams.get("code") : null;
  const spent = await moveAuthorization(
    db,
    found.id,
    { to: approved ? "approved" : "declined", by: "callback" },
    { outcome: approved ? "approved" : "declined", code },
  );
  if (!spent) return reject("used_state");
  crashPoint("callback.state-spent");

  const consent = approved
    ? (await completeApproval(found.id, input.context)).consent
    : await declined(found.id, input.context);
  const outcome = { consentId: consent.id, status: consent.status };
  if (found.returnTo) {
    const target = new URL(found.returnTo);
    for (const [k, v] of Object.entries(outcome)) target.searchParams.set(k, v);
    return { location: target.toString(), rejected: null };
  }
  return { location: resultPage({ outcome: "done", ...outcome }, found.bindingHash === null), rejected: null };
}
