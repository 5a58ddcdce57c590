// The hosted bank picker (the specification's flow, where initiate-redirect names no bank): a
// public page of ours, reached through a signed link bound to one authorization (picker-token.ts),
// where the person picks a country and a bank of the consent's integration. Choosing creates the
// consent at that bank (no transaction open meanwhile), then records it and a fresh state
// (redirect.ts sendPickedBank), and the browser continues to the bank. Nothing here needs a sign-in: the link is the credential, and it
// ends with the authorization's state (15 minutes) or once the bank's callback has used it.
import type { BankIntegration } from "@/lib/banking/interface";
import type { AccessContext } from "@/lib/banking/types";
import { prisma } from "@/lib/db/client";
import type { Consent, ConsentAuthorization } from "@/lib/generated/prisma/client";
import { bankOf, sendPickedBank } from "@/lib/accounttracking/consents/initiate-redirect";
import { integrationFor } from "@/lib/banking/registry";
import { awaitsApproval } from "@/lib/accounttracking/consents/lifecycle";
import { readPickerToken } from "@/lib/accounttracking/consents/picker-token";

export type PickerRefusal = "unknown" | "expired" | "used" | "not_pending";

type OpenPicker =
  | { ok: true; authorization: ConsentAuthorization; consent: Consent; integration: BankIntegration }
  | { ok: false; reason: PickerRefusal };

/** The picker a link opens, or why it cannot be used. */
export async function openPicker(token: string): Promise<OpenPicker> {
  const id = readPickerToken(token);
  if (!id) return { ok: false, reason: "unknown" };
  const authorization = await prisma().consentAuthorization.findUnique({ where: { id }, include: { consent: true } });
  const integration = authorization ? integrationFor(authorization.integrationName) : null;
  if (!authorization || !integration) return { ok: false, reason: "unknown" };
  if (authorization.usedAt) return { ok: false, reason: "used" };
  if (authorization.expiresAt <= new Date()) return { ok: false, reason: "expired" };
  if (!awaitsApproval(authorization.consent.status)) return { ok: false, reason: "not_pending" };
  const { consent, ...row } = authorization;
  return { ok: true, authorization: row, consent, integration };
}

/**
 * The person chose `bankId`: the consent is created at that bank under a fresh state, then the
 * authorization takes that state and the consent its bank. Choosing again (back from the bank)
 * starts over at the bank chosen last; the earlier state is then void.
 */
export async function chooseBank(
  token: string,
  bankId: string,
  context: AccessContext,
): Promise<{ ok: true; authorizationUrl: string } | { ok: false; reason: PickerRefusal }> {
  const opened = await openPicker(token);
  if (!opened.ok) return opened;
  const { authorization, consent, integration } = opened;
  const bank = await bankOf(integration, bankId);
  const authorizationUrl = await sendPickedBank(authorization, consent, integration, bank, context);
  return authorizationUrl ? { ok: true, authorizationUrl } : { ok: false, reason: "used" };
}
