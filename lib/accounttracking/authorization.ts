// The redirect to the bank (RFC 9700 practice; the way back is lib/accounttracking/callback.ts):
// - a one-time `state` of 256 bits, stored hashed, short-lived, bound to the consent and the integration;
// - started from our UI (session cookie): also bound to that browser by an HttpOnly, SameSite=Lax
//   cookie, so a callback arriving in another browser is rejected;
// - started through the API with a bearer token: no browser of ours to bind; the browser is sent
//   to a `returnTo` on the allowlist (RETURN_URL_ALLOWLIST + our origin), never anywhere else;
// - no bank chosen yet (the specification's fields alone): the browser goes to our hosted bank
//   picker first (lib/accounttracking/bank-picker.ts), which continues to the bank;
// - expired, reused, forged or foreign-integration states change nothing.
// The bank is called with no database transaction open: `planRedirect` makes the bank call and
// returns the writes, which the route commits afterwards (a crash in between leaves the consent
// pending and unsent, and the next initiate-redirect starts over).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { conflict, validationFailed } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { BankIntegration } from "@/lib/banking/interface";
import type { AccessContext, Bank, CreatedBankConsent } from "@/lib/banking/types";
import type { Tx } from "@/lib/db/client";
import { appUrl, returnUrlAllowlist } from "@/lib/env";
import type { Consent } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/bank-errors";
import { pickerUrl } from "@/lib/accounttracking/picker-token";
import { integrationOrFail } from "@/lib/accounttracking/consents";

const STATE_TTL_SECONDS = 15 * 60;
export const BINDING_COOKIE = "ll_consent_binding";
const CALLBACK_PATH = "/api/accounttracking/v1/consents/callback";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const newState = () => randomBytes(32).toString("base64url");

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

/** Looks the bank up in the consent's integration (an HTTP call); unknown → 422. */
export async function bankOf(integration: BankIntegration, bankId: string, field = "bankId"): Promise<Bank> {
  const bank = await integration.getBank(bankId).catch((e: unknown) => {
    throw bankFailure(e);
  });
  if (!bank) throw validationFailed({ [field]: ["Unknown bank for this integration"] });
  return bank;
}

/** Creates the consent at the bank with our callback carrying `state` (an HTTP call). */
export async function sendToBank(
  integration: BankIntegration,
  consent: Consent,
  bankId: string,
  state: string,
  context: AccessContext,
): Promise<CreatedBankConsent> {
  const callback = `${appUrl()}${CALLBACK_PATH}/${encodeURIComponent(integration.name)}?state=${state}`;
  try {
    return await integration.createConsent(
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
      context,
    );
  } catch (error) {
    throw bankFailure(error);
  }
}

/** The consent now has its bank-side twin at `bank`. */
export function recordSentToBank(tx: Tx, consentId: string, bank: Bank, created: CreatedBankConsent) {
  return tx.consent.update({
    where: { id: consentId },
    data: { externalId: created.externalId, bankId: bank.bankId, bankName: bank.name, countryCode: bank.countryCode },
  });
}

type RedirectInput = {
  consent: Consent;
  principal: Principal;
  bankId?: string;
  returnTo?: string;
  cookieHeader: string | null;
  context: AccessContext;
};

/**
 * Everything initiate-redirect does before writing: checks, and the consent created at the bank
 * (or, with no bank chosen, nothing at the bank: the browser goes to our hosted picker). Returns
 * the answer and the writes that go with it.
 */
export async function planRedirect(db: Tx, input: RedirectInput) {
  const { consent } = input;
  if (consent.status !== "pending")
    throw conflict(`The consent is ${consent.status}; only a pending consent is sent to the bank.`);
  const integration = integrationOrFail(consent.integrationName);
  const bankId = input.bankId ?? consent.bankId;
  const bank = bankId ? await bankOf(integration, bankId) : null;
  const returnTo = allowedReturnTo(input.returnTo);

  const fromBrowser = input.principal.kind === "user" && input.principal.via === "session";
  const existing = readCookie(input.cookieHeader, BINDING_COOKIE);
  const binding = fromBrowser
    ? existing && /^[A-Za-z0-9_-]{43}$/.test(existing)
      ? existing
      : randomBytes(32).toString("base64url")
    : null;

  // With a bank: its consent now, under a fresh state. Without: a state nobody holds (the picker
  // replaces it when the person has chosen), and the picker's link bound to this authorization.
  const state = newState();
  const created = bank ? await sendToBank(integration, consent, bank.bankId, state, input.context) : null;
  const authorizationId = randomUUID();
  const expiresAt = new Date(Date.now() + STATE_TTL_SECONDS * 1000);
  const data = {
    consentId: consent.id,
    authorizationUrl: created?.authorizationUrl ?? pickerUrl(authorizationId),
    stateExpiresAt: expiresAt.toISOString(),
  };
  const write = async (tx: Tx) => {
    if (bank && created) await recordSentToBank(tx, consent.id, bank, created);
    await tx.consentAuthorization.create({
      data: {
        id: authorizationId,
        consentId: consent.id,
        integrationName: integration.name,
        stateHash: sha256(created ? state : `unsent:${state}`),
        bindingHash: binding ? sha256(binding) : null,
        returnTo,
        expiresAt,
      },
    });
  };
  return { data, write, setCookie: binding ? bindingCookie(binding) : null };
}
