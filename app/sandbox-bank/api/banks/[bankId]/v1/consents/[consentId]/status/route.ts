// GET /sandbox-bank/api/banks/{bankId}/v1/consents/{consentId}/status — the TPP that holds the id.
// Returns {consentStatus}; slow approvals and expiry by the sandbox date are applied when read.
import { getConsentStatus } from "@/lib/sandbox-bank/xs2a/consents";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const GET = bankRoute(getConsentStatus);
