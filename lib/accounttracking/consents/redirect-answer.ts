// What initiate-redirect answers its caller: where to send the account holder (the bank's page, our
// hosted picker, or for an approval in the bank's app our page that follows it), until when, by
// which approach, and the browser binding cookie of a flow started in our UI.
import "server-only";
import { appUrl } from "@/lib/env";
import { pickerUrl } from "@/lib/accounttracking/consents/picker-token";

export const STATE_TTL_SECONDS = 15 * 60;
export const BINDING_COOKIE = "ll_consent_binding";
export const CALLBACK_PATH = "/api/accounttracking/v1/consents/callback";

export type RedirectAnswer = {
  data: {
    consentId: string;
    authorizationUrl: string;
    stateExpiresAt: string;
    scaApproach: "redirect" | "decoupled";
    psuMessage: string | null;
  };
  setCookie: string | null;
};

/** The authorization answered: its page at the bank, or its SCA status link when approved in the app. */
export type AnsweredRow = { id: string; authorizationUrl: string | null; scaStatusUrl: string | null; expiresAt: Date };

function bindingCookie(value: string): string {
  const secure = appUrl().startsWith("https:") ? "; Secure" : "";
  return `${BINDING_COOKIE}=${value}; Path=${CALLBACK_PATH}; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** Our page that follows an approval in the bank's app (the result page, waiting until `until`). */
function inAppApprovalPage(consentId: string, until: Date): string {
  const query = new URLSearchParams({ consentId, approach: "decoupled", until: until.toISOString() });
  return `${appUrl()}/connect/result?${query}`;
}

export function redirectAnswer(
  consentId: string,
  row: AnsweredRow,
  binding: string | null,
  psuMessage: string | null,
): RedirectAnswer {
  return {
    data: {
      consentId,
      authorizationUrl: row.scaStatusUrl
        ? inAppApprovalPage(consentId, row.expiresAt)
        : (row.authorizationUrl ?? pickerUrl(row.id)),
      stateExpiresAt: row.expiresAt.toISOString(),
      scaApproach: row.scaStatusUrl ? "decoupled" : "redirect",
      psuMessage,
    },
    setCookie: binding ? bindingCookie(binding) : null,
  };
}
