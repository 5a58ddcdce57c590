// initiate-redirect, the verb (the way back is lib/accounttracking/consents/complete-callback.ts). RFC 9700 practice:
// - a one-time `state` of 256 bits, stored hashed, short-lived, bound to the consent and the integration;
// - started from our UI (session cookie): also bound to that browser by an HttpOnly, SameSite=Lax
//   cookie, so a callback arriving in another browser is rejected;
// - started through the API with a bearer token: the browser is sent to a `returnTo` on the
//   allowlist (RETURN_URL_ALLOWLIST + our origin), never anywhere else;
// - no bank chosen yet: the browser goes to our hosted bank picker first (bank-picker.ts);
// - a bank that approves in its app (decoupled, chosen by the bank for the psuId given): nobody is
//   redirected to the bank; authorizationUrl is our own page that follows the approval, and the
//   approval checks ask the bank's SCA status (check-decoupled.ts) until DECOUPLED_WAIT_SECONDS.
//
// Steps, each a short transaction of its own, with no transaction open while the bank answers (the
// authorization's phases and moves: authorization-lifecycle.ts):
//   1. record that this consent is being sent (phase `sending`: one at a time per consent, a partial
//      unique index; a second caller meanwhile gets 409 with Retry-After; a caller that already holds
//      a live authorization — its browser's, or for an API caller the unbound one with the same
//      returnTo — gets that one again, so a burst of calls makes one bank consent) → redirect.sending-recorded
//   2. create the consent at the bank under a fresh state                   → redirect.bank-consent-created
//   3. record the bank's consent on the authorization (`sent`) and, only while the consent is still
//      pending, on the consent: a valid consent's bank id never changes.
// A crash after 1 leaves a `sending` row that the next call (after 30 s) or the repair tick sets
// aside; a crash after 2 leaves an unsent consent at the bank that nobody was sent to (inert: it
// grants nothing and lapses there).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { conflict, validationFailed } from "@/lib/errors";
import type { Principal } from "@/lib/auth/principal";
import type { BankIntegration } from "@/lib/banking/interface";
import type { AccessContext, Bank, CreatedBankConsent } from "@/lib/banking/types";
import { crashPoint } from "@/lib/crash-points";
import { prisma, type Tx } from "@/lib/db/client";
import { prismaErrorCode } from "@/lib/db/errors";
import { query } from "@/lib/db/sql";
import { transaction, type Commit } from "@/lib/db/transaction";
import { appUrl, returnUrlAllowlist } from "@/lib/env";
import type { AuthorizationPhase, Consent, ConsentAuthorization } from "@/lib/generated/prisma/client";
import { bankFailure } from "@/lib/accounttracking/consents/bank-errors";
import { integrationOrFail } from "@/lib/accounttracking/consents/integrations";
import {
  awaitsBankChoice,
  moveAuthorization,
  moveAuthorizations,
  nextApprovalCheck,
  REUSABLE_PHASES,
} from "@/lib/accounttracking/consents/authorization-lifecycle";
import { AWAITING_APPROVAL, awaitsApproval } from "@/lib/accounttracking/consents/lifecycle";
import {
  BINDING_COOKIE,
  CALLBACK_PATH,
  redirectAnswer,
  STATE_TTL_SECONDS,
  type AnsweredRow,
  type RedirectAnswer,
} from "@/lib/accounttracking/consents/redirect-answer";
import { log } from "@/lib/log";
import { readCookie } from "@/lib/server/cookies";

export { BINDING_COOKIE } from "@/lib/accounttracking/consents/redirect-answer";
/** How long we wait for an approval in the bank's app (the bank may give up sooner). */
export const DECOUPLED_WAIT_SECONDS = 5 * 60;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const newState = () => randomBytes(32).toString("base64url");

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
async function createAtBank(
  integration: BankIntegration,
  consent: Consent,
  bankId: string,
  state: string,
  context: AccessContext,
  psuId: string | null = null,
): Promise<CreatedBankConsent> {
  const callback = `${appUrl()}${CALLBACK_PATH}/${encodeURIComponent(integration.name)}`;
  try {
    return await integration.createConsent(
      {
        bankId,
        validForDays: consent.expiryDays,
        // PSD2 RTS Art. 36(5): at most 4 unattended accesses a day; we ask for exactly that.
        frequencyPerDay: 4,
        access: consent.purpose === "account_list" ? "account_list" : "all_accounts",
        redirectUri: `${callback}?state=${state}&result=ok`,
        nokRedirectUri: `${callback}?state=${state}&result=nok`,
        state,
        callbackUri: callback,
        psuId,
      },
      context,
    );
  } catch (error) {
    throw bankFailure(error);
  }
}

const inFlight = () =>
  conflict("This consent is being sent to the bank by another request; retry in a moment.", { "retry-after": "1" });

/**
 * The consent's row lock: step 1 and step 3 of every send take it first, so a send that checks for
 * a live authorization and then inserts its own cannot interleave with another's recording.
 */
async function lockConsent(tx: Tx, consentId: string): Promise<void> {
  await query(tx, "SELECT id FROM consents WHERE id = $1::uuid FOR UPDATE", consentId);
}

const notPending = (consent: Consent) =>
  conflict(`The consent is ${consent.status}; only a pending consent is sent to the bank.`);

/**
 * Step 1: the authorization row, `sending` (with a bank) or `picker` (without), in a transaction of
 * its own. Refuses a consent that is no longer pending, and a second send while one is in flight.
 * When the caller already holds a live authorization (`held`, read under the consent's lock), that
 * one is returned and nothing is written: a burst of calls makes one consent at the bank.
 */
async function beginAuthorization(
  row: {
    id: string;
    consentId: string;
    integrationName: string;
    stateHash: string;
    bindingHash: string | null;
    returnTo: string | null;
    expiresAt: Date;
    phase: AuthorizationPhase;
    bankId: string | null;
  },
  held: (tx: Tx) => Promise<ConsentAuthorization | null>,
): Promise<ConsentAuthorization | null> {
  try {
    return await transaction(async (tx) => {
      await lockConsent(tx, row.consentId);
      const consent = await tx.consent.findUniqueOrThrow({ where: { id: row.consentId } });
      if (!awaitsApproval(consent.status)) throw notPending(consent);
      // A send that died (a crash between steps) no longer holds the consent.
      await moveAuthorizations(tx, { consentId: row.consentId }, { to: "abandoned", by: "repair" });
      const live = await held(tx);
      if (live) return live;
      await tx.consentAuthorization.create({ data: row });
      return null;
    });
  } catch (error) {
    if (prismaErrorCode(error) === "P2002") throw inFlight();
    throw error;
  }
}

/**
 * Step 3: the bank's consent on the authorization (`sending` → `sent`) and, while the consent is
 * still pending, on the consent. False when the consent moved on meanwhile (the bank's new consent
 * is then superseded and ended there by the caller).
 */
export async function recordSent(
  tx: Tx,
  authorizationId: string,
  consentId: string,
  bank: Bank,
  created: CreatedBankConsent,
  stateHash: string,
  rechoosing = false,
): Promise<boolean> {
  // A picker may choose again (back from the bank): its `sent` row then moves to the newer bank.
  await lockConsent(tx, consentId);
  const decoupled = created.decoupled;
  const sent = await moveAuthorization(
    tx,
    authorizationId,
    // Decoupled: the bank's SCA status is asked soon, until our wait ends.
    { to: "sent", by: rechoosing ? "picker" : "redirect", nextCheckAt: decoupled ? nextApprovalCheck(null) : null },
    {
      stateHash,
      bankId: bank.bankId,
      externalId: created.externalId,
      authorizationUrl: created.authorizationUrl,
      scaStatusUrl: decoupled?.scaStatusUrl ?? null,
      ...(decoupled ? { expiresAt: new Date(Date.now() + DECOUPLED_WAIT_SECONDS * 1000) } : {}),
    },
  );
  if (!sent) return false;
  const onConsent = await tx.consent.updateMany({
    where: { id: consentId, status: { in: AWAITING_APPROVAL } },
    data: { externalId: created.externalId, bankId: bank.bankId, bankName: bank.name, countryCode: bank.countryCode },
  });
  return onConsent.count === 1;
}

/** A bank consent we created but will not use: ended there, best effort (it lapses there anyway). */
export async function endUnused(
  integration: BankIntegration,
  bankId: string,
  externalId: string,
  context: AccessContext,
) {
  await integration.deleteConsent(bankId, externalId, context).catch((error: unknown) => {
    log.warn("an unused consent could not be ended at the bank; it lapses there unused", {
      bankId,
      requestId: context.requestId,
      error,
    });
  });
}

/**
 * The authorization the caller already holds for this consent, still usable: a double click, a second
 * tab or a retried API call gets it again instead of a second consent at the bank. A browser's is
 * the one bound to it; an API caller's (no browser binding) is an unbound one with the same returnTo.
 */
async function liveAuthorization(
  db: Tx,
  consentId: string,
  bindingHash: string | null,
  returnTo: string | null,
): Promise<ConsentAuthorization | null> {
  return db.consentAuthorization.findFirst({
    where: {
      consentId,
      bindingHash,
      ...(bindingHash === null ? { returnTo } : {}),
      phase: { in: [...REUSABLE_PHASES] },
      expiresAt: { gt: new Date(Date.now() + 60_000) },
    },
    orderBy: { createdAt: "desc" },
  });
}

type RedirectInput = {
  consent: Consent;
  principal: Principal;
  bankId?: string;
  returnTo?: string;
  /** The account holder's id at the bank (optional): a bank may then approve in its app (decoupled). */
  psuId?: string;
  cookieHeader: string | null;
  context: AccessContext;
  /** The last transaction (the bank's consent recorded): the caller's answer may commit with it. */
  commit?: Commit<boolean>;
};

export async function initiateRedirect(input: RedirectInput): Promise<RedirectAnswer> {
  const { consent, commit = transaction } = input;
  if (!awaitsApproval(consent.status)) throw notPending(consent);
  const integration = integrationOrFail(consent.integrationName);
  const returnTo = allowedReturnTo(input.returnTo);
  const fromBrowser = input.principal.kind === "user" && input.principal.via === "session";
  const existing = readCookie(input.cookieHeader, BINDING_COOKIE);
  const binding = fromBrowser
    ? existing && /^[A-Za-z0-9_-]{43}$/.test(existing)
      ? existing
      : randomBytes(32).toString("base64url")
    : null;
  const answer = (row: AnsweredRow, psuMessage: string | null = null) =>
    redirectAnswer(consent.id, row, binding, psuMessage);

  // The same caller asking again (a double click, a second tab, a retry) gets the redirect it has.
  const bankId = input.bankId ?? consent.bankId;
  const reusable = (live: ConsentAuthorization | null) =>
    live !== null && (!bankId || live.bankId === bankId || awaitsBankChoice(live.phase)) ? live : null;
  const held = () => liveAuthorization(prisma(), consent.id, binding ? sha256(binding) : null, returnTo);
  const early = reusable(await held());
  if (early) return answer(early);
  const bank = bankId ? await bankOf(integration, bankId) : null;
  const state = newState();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + STATE_TTL_SECONDS * 1000);
  const raced = await beginAuthorization(
    {
      id,
      consentId: consent.id,
      integrationName: integration.name,
      stateHash: sha256(bank ? `sending:${state}` : `unsent:${state}`),
      bindingHash: binding ? sha256(binding) : null,
      returnTo,
      expiresAt,
      phase: bank ? "sending" : "picker",
      bankId: bank?.bankId ?? null,
    },
    (tx) => liveAuthorization(tx, consent.id, binding ? sha256(binding) : null, returnTo).then(reusable),
  );
  if (raced) return answer(raced);
  // Without a bank: our picker, which sends the consent to the bank the person chooses.
  if (!bank) return answer({ id, authorizationUrl: null, scaStatusUrl: null, expiresAt });
  crashPoint("redirect.sending-recorded");

  let created: CreatedBankConsent;
  try {
    created = await createAtBank(integration, consent, bank.bankId, state, input.context, input.psuId ?? null);
  } catch (error) {
    await moveAuthorization(prisma(), id, { to: "abandoned", by: "redirect" });
    throw error;
  }
  crashPoint("redirect.bank-consent-created");
  const recorded = await commit((tx) => recordSent(tx, id, consent.id, bank, created, sha256(state)));
  if (!recorded) {
    await endUnused(integration, bank.bankId, created.externalId, input.context);
    throw conflict("The consent changed while it was being sent to the bank (approved or ended); reload it.");
  }
  const sentUntil = created.decoupled ? new Date(Date.now() + DECOUPLED_WAIT_SECONDS * 1000) : expiresAt;
  const scaStatusUrl = created.decoupled?.scaStatusUrl ?? null;
  return answer(
    { id, authorizationUrl: created.authorizationUrl, scaStatusUrl, expiresAt: sentUntil },
    created.decoupled?.psuMessage ?? null,
  );
}

/** For the picker: the same steps 2–3 for an authorization that was opened without a bank. */
export async function sendPickedBank(
  authorization: ConsentAuthorization,
  consent: Consent,
  integration: BankIntegration,
  bank: Bank,
  context: AccessContext,
): Promise<string | null> {
  const state = newState();
  const created = await createAtBank(integration, consent, bank.bankId, state, context);
  crashPoint("redirect.bank-consent-created");
  const recorded = await transaction((tx) =>
    recordSent(tx, authorization.id, consent.id, bank, created, sha256(state), true),
  );
  if (!recorded) {
    await endUnused(integration, bank.bankId, created.externalId, context);
    return null;
  }
  // The bank chosen before, if any, is superseded: its unapproved consent is ended there.
  if (authorization.externalId && authorization.bankId)
    await endUnused(integration, authorization.bankId, authorization.externalId, context);
  // The picker asks no PSU id, so the bank redirects.
  return created.authorizationUrl;
}
