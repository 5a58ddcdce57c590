// POST /sandbox-bank/api/controls/consents/{consentId}/revoke — sandbox control (tests, demos).
// Forces a received or valid consent to revokedByPsu, as if the person revoked it at the bank.
import { revokeConsent } from "@/lib/sandbox-bank/controls";
import { controlRoute } from "@/lib/sandbox-bank/control-auth";

export const POST = controlRoute(revokeConsent);
