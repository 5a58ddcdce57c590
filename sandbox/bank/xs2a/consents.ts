// XS2A consent endpoints: create (the redirect approach, or the decoupled one for a PSU enrolled in
// app approval), read, status, the decoupled authorisation's SCA status, delete.
import { randomUUID } from "node:crypto";
import { bankBaseUrl, bankById } from "@/sandbox/bank/data/banks";
import { dateOf } from "@/sandbox/bank/data/dates";
import { insertConsent, transition, type Consent } from "@/sandbox/bank/store/consents";
import { consentAtBank } from "@/sandbox/bank/xs2a/consent-guard";
import { parseConsentRequest } from "@/sandbox/bank/xs2a/consent-request";
import { json, Xs2aError, type BankContext } from "@/sandbox/bank/xs2a/http";

function requireBank(ctx: BankContext) {
  const bank = bankById(ctx.params.bankId);
  if (!bank) throw new Xs2aError(404, "RESOURCE_UNKNOWN", `No bank ${ctx.params.bankId} at this sandbox.`);
  return bank;
}

function consentLinks(bankId: string, consentId: string) {
  const self = `${bankBaseUrl(bankId)}/v1/consents/${consentId}`;
  return { self: { href: self }, status: { href: `${self}/status` } };
}

/** The one authorisation sub-resource of a decoupled consent (started with the consent, implicitly). */
export const authorisationIdOf = (consentId: string) => `sca-${consentId}`;

/** Shown by the TPP while the PSU approves in the app (the spec's psuMessage). */
export const IN_APP_MESSAGE = "Open your banking app and approve the access request there.";

export function authorizeUrl(origin: string, bankId: string, consentId: string): string {
  return `${origin}/sandbox-bank/${bankId}/authorize?consentId=${encodeURIComponent(consentId)}`;
}

export async function createConsent(ctx: BankContext): Promise<Response> {
  const bank = requireBank(ctx);
  const input = await parseConsentRequest(ctx.request, ctx.clock.today);
  const consent = await insertConsent({
    id: randomUUID(),
    bankId: bank.bankId,
    access: input.access,
    recurringIndicator: input.recurringIndicator,
    validUntil: input.validUntil,
    frequencyPerDay: input.frequencyPerDay,
    combinedServiceIndicator: input.combinedServiceIndicator,
    tppRedirectUri: input.redirectUri,
    tppNokRedirectUri: input.nokRedirectUri,
    requestId: input.requestId,
    psuId: input.psuId,
    scaApproach: input.scaApproach,
  });
  const links = consentLinks(bank.bankId, consent.id);
  if (consent.scaApproach === "DECOUPLED") {
    const scaStatus = `${links.self.href}/authorisations/${authorisationIdOf(consent.id)}`;
    return json(
      {
        consentStatus: consent.status,
        consentId: consent.id,
        scaStatus: "started",
        psuMessage: IN_APP_MESSAGE,
        _links: { ...links, scaStatus: { href: scaStatus } },
      },
      201,
      { location: links.self.href, "aspsp-sca-approach": "DECOUPLED" },
    );
  }
  return json(
    {
      consentStatus: consent.status,
      consentId: consent.id,
      _links: { scaRedirect: { href: authorizeUrl(ctx.settings.publicUrl, bank.bankId, consent.id) }, ...links },
    },
    201,
    { location: links.self.href, "aspsp-sca-approach": "REDIRECT" },
  );
}

async function requireConsent(ctx: BankContext): Promise<Consent> {
  const bank = requireBank(ctx);
  const consent = await consentAtBank(ctx.params.consentId, bank.bankId, ctx);
  if (!consent) throw new Xs2aError(403, "CONSENT_UNKNOWN", "The consentId is not known to this bank.");
  return consent;
}

export async function getConsent(ctx: BankContext): Promise<Response> {
  const consent = await requireConsent(ctx);
  const created = dateOf(consent.createdAt.getTime() + ctx.clock.offsetDays * 86_400_000);
  return json({
    access: consent.access,
    recurringIndicator: consent.recurringIndicator,
    validUntil: consent.validUntil,
    frequencyPerDay: consent.frequencyPerDay,
    lastActionDate: consent.lastActionDate ?? created,
    consentStatus: consent.status,
    _links: {
      ...(consent.status === "valid" ? { account: { href: `${bankBaseUrl(consent.bankId)}/v1/accounts` } } : {}),
      ...consentLinks(consent.bankId, consent.id),
    },
  });
}

export async function getConsentStatus(ctx: BankContext): Promise<Response> {
  const consent = await requireConsent(ctx);
  return json({ consentStatus: consent.status });
}

/** The decoupled authorisation's SCA status: started while the app waits, then finalised or failed. */
export async function getConsentScaStatus(ctx: BankContext): Promise<Response> {
  const consent = await requireConsent(ctx);
  if (consent.scaApproach !== "DECOUPLED" || ctx.params.authorisationId !== authorisationIdOf(consent.id))
    throw new Xs2aError(404, "RESOURCE_UNKNOWN", "No such authorisation of this consent.");
  const scaStatus = consent.status === "valid" ? "finalised" : consent.status === "received" ? "started" : "failed";
  return json({ scaStatus, ...(scaStatus === "started" ? { psuMessage: IN_APP_MESSAGE } : {}) });
}

export async function deleteConsent(ctx: BankContext): Promise<Response> {
  const consent = await requireConsent(ctx);
  await transition(consent.id, "terminatedByTpp", ["received", "valid", "rejected", "revokedByPsu", "expired"]);
  return new Response(null, { status: 204 });
}
