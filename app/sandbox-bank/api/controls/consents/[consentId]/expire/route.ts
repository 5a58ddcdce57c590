// POST /sandbox-bank/api/controls/consents/{consentId}/expire — sandbox control (tests, demos).
// Forces a received or valid consent to expired.
import { expireConsent } from "@/lib/sandbox-bank/controls";
import { bankRoute } from "@/lib/sandbox-bank/xs2a/http";

export const POST = bankRoute(expireConsent);
