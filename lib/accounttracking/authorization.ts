// The redirect to the bank and the bank's redirect back (RFC 9700 practice):
// - a one-time `state` of 256 bits, stored hashed, short-lived, bound to the consent and the integration;
// - started from our UI (session cookie): also bound to that browser by an HttpOnly, SameSite=Lax
//   cookie, so a callback arriving in another browser is rejected;
// - started through the API with a bearer token: no browser of ours to bind; the browser is sent
//   to a `returnTo` on the allowlist (RETURN_URL_ALLOWLIST + our origin), never anywhere else;
// - expired, reused, forged or foreign-integration states change nothing.
import { createHash, randomBytes } from "node:crypto";
import { conflict, validationFailed } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { AccessContext } from "@/lib/banking/types";
import { prisma, type Tx } from "@/lib/db/client";
import { appUrl, returnUrlAllowlist } from "@/lib/env";
import type { Consent } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/bank-errors";
import { applyBankConsent, findConsent, integrationOrFail, refreshConsent } from "@/lib/accounttracking/consents";
import { bankErrorOf } from "@/lib/banking/errors";
import { integrationFor } from "@/lib/banking/registry";
import { log } from "@/lib/log";

export const STATE_TTL_SECONDS = 15 * 60;
export const BINDING_COOKIE = "ll_consent_binding";
const CALLBACK_PATH = "/api/accounttracking/v1/consents/callback";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

function bindingCookie(value: string): string {
  const secure = appUrl().startsWith("https:") ? "; Secure" : "";
  return `${BINDING_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

function allowedReturnTo(value: string | undefined): string | null {
  if (!value) return null;
  const origin = new URL(value).origin;
  if (!returnUrlAllowlist().includes(origin)) {
    throw validationFailed({
      returnTo: [`returnTo must be on an allowed origin (${returnUrlAllowlist().join(", ")})`],
    });
  }
  return value;
}

export async function initiateRedirect(
  db: Tx,
  input: {
    consent: Consent;
    principal: Principal;
    bankId?: string;
    returnTo?: string;
    cookieHeader: string | null;
    context: AccessContext;
  },
) {
  const { consent } = input;
  if (consent.status !== "pending")
    throw conflict(`The consent is ${consent.status}; only a pending consent is sent to the bank.`);
  const bankId = input.bankId ?? consent.bankId;
  if (!bankId)
    throw validationFailed({ bankId: ["Choose the bank: send bankId (from GET /api/accounttracking/v1/banks)"] });
  const integration = integrationOrFail(consent.integrationName);
  const bank = await integration.getBank(bankId).catch((e: unknown) => {
    throw bankFailure(e);
  });
  if (!bank) throw validationFailed({ bankId: ["Unknown bank for this integration"] });
  const returnTo = allowedReturnTo(input.returnTo);

  const state = randomBytes(32).toString("base64url");
  const fromBrowser = input.principal.kind === "user" && input.principal.via === "session";
  const existing = readCookie(input.cookieHeader, BINDING_COOKIE);
  const binding = fromBrowser
    ? existing && /^[A-Za-z0-9_-]{43}$/.test(existing)
      ? existing
      : randomBytes(32).toString("base64url")
    : null;

  const callback = `${appUrl()}${CALLBACK_PATH}/${encodeURIComponent(integration.name)}?state=${state}`;
  let created;
  try {
    created = await integration.createConsent(
      {
        bankId,
        validForDays: consent.expiryDays,
        // PSD2 RTS Art. 36(5): at most 4 unattended accesses a day; we ask for exactly that.
        frequencyPerDay: 4,
        access: consent.purpose === "account_list" ? "account_list" : "all_accounts",
        redirectUri: `${callback}&result=ok`,
        nokRedirectUri: `${callback}&result=nok`,
        state,
        callbackUri: `${appUrl()}${CALLBACK_PATH}/${encodeURIComponent(integration.name)}`,
      },
      input.context,
    );
  } catch (error) {
    throw bankFailure(error);
  }
  await db.consent.update({
    where: { id: consent.id },
    data: { externalId: created.externalId, bankId: bank.bankId, bankName: bank.name, countryCode: bank.countryCode },
  });
  const expiresAt = new Date(Date.now() + STATE_TTL_SECONDS * 1000);
  await db.consentAuthorization.create({
    data: {
      consentId: consent.id,
      integrationName: integration.name,
      stateHash: sha256(state),
      bindingHash: binding ? sha256(binding) : null,
      returnTo,
      expiresAt,
    },
  });
  return {
    data: {
      consentId: consent.id,
      authorizationUrl: created.authorizationUrl,
      stateExpiresAt: expiresAt.toISOString(),
    },
    setCookie: binding ? bindingCookie(binding) : null,
  };
}

export type CallbackRejection =
  "missing_state" | "unknown_state" | "wrong_integration" | "expired_state" | "used_state" | "other_browser";

/** Our signed-in result page; a flow started through the API (no browser of ours) ends on the public one. */
function resultPage(params: Record<string, string>, publicPage = false): string {
  return `${appUrl()}${publicPage ? PUBLIC_RESULT_PATH : "/connect/result"}?${new URLSearchParams(params)}`;
}

export const PUBLIC_RESULT_PATH = "/bank-connection-result";
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
  const reject = (reason: CallbackRejection) => ({
    location: resultPage({ outcome: "error", reason }),
    rejected: reason,
  });
  const state = input.url.searchParams.get("state");
  if (!state) return reject("missing_state");
  const db = prisma();
  const row = await db.consentAuthorization.findUnique({ where: { stateHash: sha256(state) } });
  if (!row) return reject("unknown_state");
  if (row.integrationName !== input.integration) return reject("wrong_integration");
  if (row.usedAt) return reject("used_state");
  if (row.expiresAt <= new Date()) return reject("expired_state");
  if (row.bindingHash) {
    const cookie = readCookie(input.cookieHeader, BINDING_COOKIE);
    if (!cookie || sha256(cookie) !== row.bindingHash) return reject("other_browser");
  }
  // NextGenPSD2 banks come back to our result=ok|nok URLs; Enable Banking appends `code`, or `error`.
  const approved = input.url.searchParams.get("result") !== "nok" && !input.url.searchParams.has("error");
  // Spend the state exactly once, even if two callbacks race.
  const spent = await db.consentAuthorization.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date(), outcome: approved ? "approved" : "declined" },
  });
  if (spent.count !== 1) return reject("used_state");

  let consent = await db.consent.findUniqueOrThrow({ where: { id: row.consentId } });
  if (!approved) {
    consent = await declined(consent, row.id, input.context);
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
  if (row.returnTo) {
    const target = new URL(row.returnTo);
    for (const [k, v] of Object.entries(outcome)) target.searchParams.set(k, v);
    return { location: target.toString(), rejected: null };
  }
  return { location: resultPage({ outcome: "done", ...outcome }, row.bindingHash === null), rejected: null };
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

export { findConsent };
