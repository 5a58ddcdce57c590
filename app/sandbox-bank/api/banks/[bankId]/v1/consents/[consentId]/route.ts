// GET/DELETE /sandbox-bank/api/banks/{bankId}/v1/consents/{consentId} — the TPP that holds the id.
// GET returns the consent information; DELETE terminates it (204, status terminatedByTpp).
import { deleteConsent, getConsent } from "@/lib/sandbox-bank/xs2a/consents";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(getConsent);
export const DELETE = bankRoute(deleteConsent);
