// POST /sandbox-bank/api/banks/{bankId}/v1/consents — any TPP. Creates an AIS consent (redirect
// approach): 201 with consentStatus "received" and _links.scaRedirect to the bank's login page.
import { createConsent } from "@/lib/sandbox-bank/xs2a/consents";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const POST = bankRoute(createConsent);
