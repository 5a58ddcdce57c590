// POST /sandbox-bank/api/controls/consents/{consentId}/expire — sandbox control (tests, demos).
// Forces a received or valid consent to expired.
import { expireConsent } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const POST = controlRoute(expireConsent);
