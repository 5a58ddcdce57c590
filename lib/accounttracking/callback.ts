// The bank's redirect back (the redirect out is lib/accounttracking/authorization.ts): the one-time
// state is checked (integration, expiry, single use, the browser binding of a UI-started flow), the
// bank is asked what happened, and the browser is sent to a page that says so. A refused callback
// changes nothing.
import type { AccessContext } from "@/lib/banking/types";
import { bankErrorOf } from "@/lib/banking/errors";
import { integrationFor } from "@/lib/banking/registry";
import { prisma } from "@/lib/db/client";
import { appUrl } from "@/lib/env";
import type { Consent } from "@/lib/generated/prisma/client";
import { BINDING_COOKIE, readCookie, sha256 } from "@/lib/accounttracking/authorization";
import { applyBankConsent, integrationOrFail, refreshConsent } from "@/lib/accounttracking/consents";
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
 * the bank is asked first, as for "ok" (a person may press Cancel after the bank approved, or the
 * nok URI may be reached by mistake). Approved at the bank → valid (the state was genuine, from the
 * right browser); expired or revoked at the bank → that; declined or still open there → rejected;
 * the bank unreachable → still pending, saying so (nothing is ended on an unconfirmed word).
 */
async function declined(consent: Consent, authorizationId: string, context: AccessContext): Promise<Consent> {
  const db = prisma();
  if (consent.status !== "pending") return consent;
  const reject = () =>
    db.consent.update({
      where: { id: consent.id },
      data: {
        status: "rejected",
        statusReason: "The account holder declined or cancelled at the bank.",
        lastCheckedAt: new Date(),
      },
    });
  if (!consent.externalId || !consent.bankId) return reject();
  let bank;
  try {
    bank = await integrationOrFail(consent.integrationName).getConsent(consent.bankId, consent.externalId, context);
  } catch {
    return db.consent.update({
      where: { id: consent.id },
      data: {
        statusReason: "The bank reported a cancellation that we could not confirm yet; check the status again.",
        lastCheckedAt: new Date(),
      },
    });
  }
  if (bank.status === "valid") {
    await db.consentAuthorization.update({ where: { id: authorizationId }, data: { outcome: "approved" } });
    return applyBankConsent(db, consent, bank, context);
  }
  // Declined there, or still open there (the person left): rejected, in the words of the redirect.
  if (
    bank.status === "rejected" ||
    bank.status === "received" ||
    bank.status === "partiallyAuthorised" ||
    bank.status === "unknown"
  )
    return reject();
  return applyBankConsent(db, consent, bank, context);
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
  if (found.usedAt) return reject("used_state");
  if (found.expiresAt <= new Date()) return reject("expired_state");
  if (found.bindingHash) {
    const cookie = readCookie(input.cookieHeader, BINDING_COOKIE);
    if (!cookie || sha256(cookie) !== found.bindingHash) return reject("other_browser");
  }
  // NextGenPSD2 banks come back to our result=ok|nok URLs; Enable Banking appends `code`, or `error`.
  const approved = input.url.searchParams.get("result") !== "nok" && !input.url.searchParams.has("error");
  // Spend the state exactly once, even if two callbacks race.
  const spent = await db.consentAuthorization.updateMany({
    where: { id: found.id, usedAt: null },
    data: { usedAt: new Date(), outcome: approved ? "approved" : "declined" },
  });
  if (spent.count !== 1) return reject("used_state");

  let consent = await db.consent.findUniqueOrThrow({ where: { id: found.consentId } });
  if (!approved) {
    consent = await declined(consent, found.id, input.context);
  } else {
    consent = await exchangeCode(consent, input.url.searchParams.get("code"), input.context);
    consent = await refreshConsent(db, consent, input.context).catch(() => consent);
    if (consent.status === "pending") {
      consent = await db.consent.update({
        where: { id: consent.id },
        data: { statusReason: "Approved at the bank; the bank is still confirming. This usually takes a few seconds." },
      });
    }
  }
  const outcome = { consentId: consent.id, status: consent.status };
  if (found.returnTo) {
    const target = new URL(found.returnTo);
    for (const [k, v] of Object.entries(outcome)) target.searchParams.set(k, v);
    return { location: target.toString(), rejected: null };
  }
  return { location: resultPage({ outcome: "done", ...outcome }, found.bindingHash === null), rejected: null };
}

/**
 * Integrations whose access exists only once the callback's code is exchanged (Enable Banking)
 * get it here; the consent then carries the bank's session id. A failed exchange leaves the
 * consent pending (it can be sent to the bank again) and says why.
 */
async function exchangeCode(consent: Consent, code: string | null, context: AccessContext): Promise<Consent> {
  const integration = integrationFor(consent.integrationName);
  if (!integration?.completeAuthorization || !consent.bankId || !consent.externalId) return consent;
  const db = prisma();
  if (!code) {
    return db.consent.update({
      where: { id: consent.id },
      data: { statusReason: "The bank came back without an authorization code; connect again." },
    });
  }
  try {
    const bank = await integration.completeAuthorization(
      { bankId: consent.bankId, externalId: consent.externalId, code },
      context,
    );
    const updated = await db.consent.update({ where: { id: consent.id }, data: { externalId: bank.externalId } });
    return await applyBankConsent(db, updated, bank, context);
  } catch (error) {
    log.warn("authorization code exchange failed", {
      consentId: consent.id,
      code: bankErrorOf(error)?.code ?? "internal",
    });
    return db.consent.update({
      where: { id: consent.id },
      data: { statusReason: "The bank did not confirm the approval; connect again.", lastCheckedAt: new Date() },
    });
  }
}
